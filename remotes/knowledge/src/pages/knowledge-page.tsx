import { useAuthUser } from '@annie/api-client/auth/use-auth-user';
import { useNotes } from '@annie/api-client/knowledge/use-notes';
import type { Fact } from '@annie/contracts/knowledge';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { SearchField } from '@annie/ui/search-field/search-field';
import { Box, Tabs } from '@radix-ui/themes';
import { useState } from 'react';
import { useFactVersions } from '../api/use-fact-versions.ts';
import { useFacts } from '../api/use-facts.ts';
import { FactHistoryDialog } from '../components/fact-history-dialog.tsx';
import { FactsPanel } from '../components/facts-panel.tsx';
import { NotesPanel } from '../components/notes-panel.tsx';
import { useFactActions } from '../hooks/use-fact-actions.ts';
import { useFilteredKnowledge } from '../hooks/use-filtered-knowledge.ts';
import { useNoteActions } from '../hooks/use-note-actions.ts';

const tabLabel = (name: string, known: boolean, count: number) => (known ? `${name} (${count})` : name);

/** The Knowledge Base screen (/knowledge): live search over the Facts and Notes tabs. */
export default function KnowledgePage() {
  const [query, setQuery] = useState('');
  const [historyFact, setHistoryFact] = useState<Fact | null>(null);
  const facts = useFacts();
  const notes = useNotes();
  const user = useAuthUser();
  const filtered = useFilteredKnowledge(facts.data, notes.data, query);
  const factActions = useFactActions();
  const noteActions = useNoteActions();
  const versions = useFactVersions(historyFact?.key ?? '', { enabled: historyFact !== null });

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader title="Knowledge Base" />
      <SearchField
        placeholder="Search knowledge base..."
        label="Search knowledge base"
        value={query}
        onChange={setQuery}
      />
      <Tabs.Root defaultValue="facts">
        <Tabs.List>
          {/* A count only once the list has loaded: "(0)" while loading or after a failure is false. */}
          <Tabs.Trigger value="facts">
            {tabLabel('Facts', facts.isSuccess, filtered.facts.length)}
          </Tabs.Trigger>
          <Tabs.Trigger value="notes">
            {tabLabel('Notes', notes.isSuccess, filtered.notes.length)}
          </Tabs.Trigger>
        </Tabs.List>
        <Box pt="4">
          <Tabs.Content value="facts">
            <LoadStatus
              loading={facts.isPending}
              failed={facts.isError}
              message="Failed to load facts."
              onRetry={() => void facts.refetch()}
            >
              <FactsPanel
                facts={filtered.facts}
                searching={filtered.searching}
                canApprove={user.data?.isAdmin === true}
                actions={factActions}
                onShowHistory={setHistoryFact}
              />
            </LoadStatus>
          </Tabs.Content>
          <Tabs.Content value="notes">
            <LoadStatus
              loading={notes.isPending}
              failed={notes.isError}
              message="Failed to load notes."
              onRetry={() => void notes.refetch()}
            >
              <NotesPanel notes={filtered.notes} searching={filtered.searching} actions={noteActions} />
            </LoadStatus>
          </Tabs.Content>
        </Box>
      </Tabs.Root>
      <FactHistoryDialog
        fact={historyFact}
        versions={versions.data}
        loading={versions.isPending && historyFact !== null}
        failed={versions.isError}
        onClose={() => setHistoryFact(null)}
      />
    </Box>
  );
}
