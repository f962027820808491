import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { Box, Card, Flex, Tabs } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useBudgetStatus } from '../api/use-budget-status.ts';
import { ProfileEditor } from '../components/console/profile-editor.tsx';
import { ProfileList } from '../components/console/profile-list.tsx';
import { ProfileToolbar } from '../components/console/profile-toolbar.tsx';
import { ProviderStatusCard } from '../components/console/provider-status-card.tsx';
import { VoiceTestPanel } from '../components/console/voice-test-panel.tsx';
import { BudgetBanner } from '../components/usage/budget-banner.tsx';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useProfileActions } from '../hooks/use-profile-actions.ts';
import { useProfileConsole } from '../hooks/use-profile-console.ts';
import { useProviderChecks } from '../hooks/use-provider-checks.ts';

// Usage is its own chunk, fetched when its tab is first opened.
const UsagePage = lazy(() => import('./usage-page.tsx'));

/** The admin Voice Configuration Console (/voice/console): voice profiles, and the tenant's Usage. */
export default function VoiceConsolePage() {
  const [focusBudget, setFocusBudget] = useState(false);
  // The tab is in the address (`?tab=usage`), so the shell's Usage menu entry opens it.
  const { search } = useLocation();
  const navigate = useNavigate();
  const tab = new URLSearchParams(search).get('tab') === 'usage' ? 'usage' : 'profiles';
  const setTab = (next: 'profiles' | 'usage') =>
    navigate({ search: next === 'usage' ? '?tab=usage' : '' }, { replace: true });
  const budget = useBudgetStatus();
  const editor = useProfileConsole();
  const actions = useProfileActions();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [testing, setTesting] = useState(false);
  const providers = useProviderChecks();
  const { selected, form, editing } = editor;
  useLeaveGuard(editor.dirty, editor.guard);

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader title="Voice Configuration Console" />
      {budget.data?.warning && tab !== 'usage' && (
        <Box mb="4">
          <BudgetBanner
            status={budget.data}
            onChangeBudget={() => {
              setFocusBudget(true);
              setTab('usage');
            }}
          />
        </Box>
      )}
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value === 'usage' ? 'usage' : 'profiles')}>
        <Tabs.List mb="4">
          <Tabs.Trigger value="profiles">Profiles</Tabs.Trigger>
          <Tabs.Trigger value="usage">Usage</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="usage">
          <Suspense fallback={null}>{tab === 'usage' && <UsagePage focusBudget={focusBudget} />}</Suspense>
        </Tabs.Content>
        <Tabs.Content value="profiles">
          {providers.status.data && (
            <Box mb="4">
              <ProviderStatusCard
                report={providers.status.data}
                rechecking={providers.rechecking}
                onRecheck={providers.recheck}
              />
            </Box>
          )}
          <LoadStatus
            loading={editor.profiles.isPending}
            failed={editor.profiles.isError}
            message="Failed to load voice profiles."
            onRetry={() => void editor.profiles.refetch()}
            compact
            label="Loading profiles"
            data={editor.profiles.data}
          >
            {(profiles) => (
              <Flex gap="4" align="start" wrap="wrap">
                <ProfileList
                  profiles={profiles}
                  selectedId={selected?.id ?? null}
                  onSelect={editor.select}
                  onNew={editor.startNew}
                  onImport={(file) => void actions.importFile(file)}
                />
                <Card style={{ flex: 1, minWidth: 320 }}>
                  <Flex direction="column" gap="4">
                    <ProfileToolbar
                      title={editor.title}
                      selected={selected}
                      editing={editing}
                      dirty={editor.dirty}
                      saving={actions.saving}
                      onDefault={() =>
                        selected && editor.guard(() => actions.makeDefault(selected, editor.reload))
                      }
                      onExport={() => selected && void actions.exportProfile(selected)}
                      onTest={() => setTesting(true)}
                      onDelete={() => setConfirmDelete(true)}
                      onSave={() =>
                        actions.save(form, selected, (saved) =>
                          saved ? editor.reload(saved) : editor.clear(),
                        )
                      }
                      onRestored={editor.reload}
                    />
                    {editing ? (
                      <ProfileEditor form={form} change={editor.change} selected={selected} />
                    ) : (
                      <EmptyState
                        title="Select a profile"
                        description="Choose a profile on the left, or create a new one."
                      />
                    )}
                  </Flex>
                </Card>
              </Flex>
            )}
          </LoadStatus>
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmDialog
        open={editor.discard.open}
        onOpenChange={(open) => !open && editor.discard.cancel()}
        title="Discard changes?"
        description="This profile has unsaved changes. They are lost if you leave it now."
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={editor.discard.confirm}
      />
      {selected && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Profile"
          description={`Delete the profile "${selected.name}"? Its history is deleted with it.`}
          pending={actions.deleting}
          onConfirm={() =>
            actions.remove(selected, () => {
              setConfirmDelete(false);
              editor.clear();
            })
          }
        />
      )}
      {testing && selected && (
        <VoiceTestPanel
          profileId={selected.id}
          profileName={selected.name}
          onClose={() => setTesting(false)}
        />
      )}
    </Box>
  );
}
