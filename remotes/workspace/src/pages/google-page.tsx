import { SectionSpinner } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { CheckCircledIcon } from '@radix-ui/react-icons';
import { Box, Callout, Flex } from '@radix-ui/themes';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useGoogleAccounts } from '../api/use-google-accounts.ts';
import { useGoogleStatus } from '../api/use-google-status.ts';
import { ConnectedAccountsCard } from '../components/connected-accounts-card.tsx';
import { ConnectionStatusCard } from '../components/connection-status-card.tsx';
import { GoogleServicesCard } from '../components/google-services-card.tsx';
import { PrivacyNote } from '../components/privacy-note.tsx';
import { useGoogleConnectionActions } from '../hooks/use-google-connection-actions.ts';

/**
 * The Google Workspace screen (/google): a notice when Google's consent has just connected an account,
 * connection status, connected accounts, the services granted, privacy.
 */
export default function GooglePage() {
  const status = useGoogleStatus();
  const accounts = useGoogleAccounts();
  const actions = useGoogleConnectionActions();
  // Set by /google/success, where Google's consent returns: the outcome shows here, not on a page of its own.
  const justConnected = (useLocation().state as { connected?: boolean } | null)?.connected === true;

  // A failed status check is only logged; the card then reads Not Connected and offers refresh.
  useEffect(() => {
    if (status.error) console.error('Google connection check failed', status.error);
  }, [status.error]);

  const refresh = () => {
    void status.refetch();
    void accounts.refetch();
  };
  // The list is used only when its request succeeded.
  const accountList = accounts.isSuccess ? accounts.data : [];

  return (
    <Box p={{ initial: '3', sm: '5' }} style={{ maxWidth: 960, margin: '0 auto' }}>
      <PageHeader
        title="Google Workspace"
        subtitle="Let the assistant work with your mail, calendar and files."
      />
      {justConnected && (
        <Callout.Root color="green" highContrast role="status" mb="4">
          <Callout.Icon>
            <CheckCircledIcon />
          </Callout.Icon>
          <Callout.Text>Google account connected.</Callout.Text>
        </Callout.Root>
      )}
      {status.isPending ? (
        <SectionSpinner label="Checking connection" space="9" />
      ) : (
        <Flex direction="column" gap="4">
          <ConnectionStatusCard
            connected={status.data?.authenticated ?? false}
            refreshing={status.isFetching}
            connecting={actions.connecting}
            disconnecting={actions.disconnecting}
            onRefresh={refresh}
            onConnect={actions.connect}
            onDisconnect={actions.disconnect}
          />
          {accountList.length > 0 && (
            <ConnectedAccountsCard
              accounts={accountList}
              switchingId={actions.switchingId}
              onUse={(account) => actions.activate(account.id)}
            />
          )}
          <GoogleServicesCard account={accountList.find((account) => account.isActive)} />
          <PrivacyNote />
        </Flex>
      )}
    </Box>
  );
}
