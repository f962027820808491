import type { DeployToken } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { Container, Flex } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { forgetGrant } from './api/release-grant.ts';
import { useDeployTokens } from './api/use-deploy-tokens.ts';
import { useRemoteReleases } from './api/use-remote-releases.ts';
import { ApprovalDialog } from './approval-dialog.tsx';
import { AuditLog } from './audit-log.tsx';
import { DeployTokensCard } from './deploy-tokens-card.tsx';
import { LoadReports } from './load-reports.tsx';
import { untrustedPageReason } from './page-trust.ts';
import { PasswordDialog } from './password-dialog.tsx';
import { REMOTE_LABELS } from './release-words.ts';
import { RemoteReleaseCard } from './remote-release-card.tsx';
import { useApprovalActions } from './use-approval-actions.ts';
import { usePasswordGate } from './use-password-gate.ts';
import { useReleaseActions } from './use-release-actions.ts';
import { useTokenActions } from './use-token-actions.ts';

type Pending =
  | { kind: 'activate'; remote: RemoteName; version: string; percent?: number; promote?: boolean }
  | { kind: 'rollback'; remote: RemoteName }
  | { kind: 'revoke'; token: DeployToken };

function describe(pending: Pending): string {
  if (pending.kind === 'revoke')
    return `Revoke ${pending.token.name}? Its ${REMOTE_LABELS[pending.token.remote]} releases are refused from the next request on.`;
  const remote = REMOTE_LABELS[pending.remote];
  if (pending.kind === 'rollback')
    return `Roll back ${remote}? Users get the version before it on their next visit.`;
  if (pending.promote) return `Promote the canary ${remote} ${pending.version} to everyone?`;
  return pending.percent
    ? `Serve ${remote} ${pending.version} to ${pending.percent}% of users?`
    : `Activate ${remote} ${pending.version} for everyone?`;
}

function titleOf(pending: Pending | null): string {
  if (pending?.kind === 'revoke') return 'Revoke';
  if (pending?.kind === 'rollback') return 'Roll back';
  if (pending?.promote) return 'Promote';
  return pending?.percent ? 'Set canary share' : 'Activate';
}

/** The Remote releases screen (operator's admins; menu entry Modules): each remote's versions, active and canary, load errors, and the audit log. */
export default function RemoteReleasesPage() {
  const releases = useRemoteReleases();
  const actions = useReleaseActions();
  const tokens = useDeployTokens();
  const gate = usePasswordGate();
  const tokenActions = useTokenActions(gate);
  const approvals = useApprovalActions(gate);
  const [pending, setPending] = useState<Pending | null>(null);
  const [review, setReview] = useState<{ remote: RemoteName; version: string } | null>(null);
  const close = () => setPending(null);
  // Leaving the screen (to a page that may run a remote's code) drops the confirmation.
  useEffect(() => forgetGrant, []);

  return (
    <Container size="4" px="4" py="5">
      <PageHeader
        title="Remote releases"
        subtitle="Releases of each remote: activate, canary and roll back without a restart"
      />
      <LoadStatus
        loading={releases.isPending}
        failed={releases.isError}
        message="The releases could not be loaded."
        details={releases.error?.message}
        onRetry={() => void releases.refetch()}
        skeletonRows={6}
        label="Loading the releases"
        space="9"
        data={releases.data}
      >
        {(loaded) => (
          <Flex direction="column" gap="4">
            {loaded.remotes.map((state) => (
              <RemoteReleaseCard
                key={state.remote}
                state={state}
                pending={actions.pending}
                onActivate={(version, percent) =>
                  setPending({
                    kind: 'activate',
                    remote: state.remote,
                    version,
                    percent,
                    promote: percent === undefined && state.canary?.version === version,
                  })
                }
                onRollback={() => setPending({ kind: 'rollback', remote: state.remote })}
                onAutoRollback={(enabled) => actions.setAutoRollback(state.remote, enabled)}
                onTokenApproves={(enabled) => approvals.setTokenApproves(state.remote, enabled)}
                onReview={(version) => setReview({ remote: state.remote, version })}
              />
            ))}
            <LoadStatus
              loading={tokens.isPending}
              failed={tokens.isError}
              message="The deploy tokens could not be loaded."
              details={tokens.error?.message}
              onRetry={() => void tokens.refetch()}
              skeletonRows={3}
              label="Loading the deploy tokens"
              data={tokens.data}
            >
              {(loadedTokens) => (
                <DeployTokensCard
                  tokens={loadedTokens}
                  created={tokenActions.created}
                  pending={tokenActions.pending}
                  onCreate={tokenActions.create}
                  onRevoke={(token) => setPending({ kind: 'revoke', token })}
                />
              )}
            </LoadStatus>
            <LoadReports reports={loaded.reports} />
            <AuditLog entries={loaded.audit} />
          </Flex>
        )}
      </LoadStatus>
      <ApprovalDialog
        remote={review?.remote ?? 'lab'}
        version={review?.version ?? null}
        pending={approvals.pending}
        onClose={() => setReview(null)}
        onApprove={() => review && approvals.approve(review.remote, review.version, () => setReview(null))}
      />
      <PasswordDialog
        open={gate.asking}
        untrusted={gate.asking ? untrustedPageReason() : undefined}
        onCancel={gate.cancel}
        onConfirmed={gate.confirmed}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && close()}
        title={titleOf(pending)}
        description={pending ? describe(pending) : ''}
        confirmLabel={titleOf(pending)}
        pending={actions.pending || tokenActions.pending}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === 'revoke') tokenActions.revoke(pending.token.id, pending.token.name, close);
          else if (pending.kind === 'rollback') actions.rollback(pending.remote, close);
          else actions.activate(pending.remote, pending.version, pending.percent, close);
        }}
      />
    </Container>
  );
}
