import type { Fact } from '@annie/contracts/knowledge';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { IncrementalList } from '@annie/ui/incremental-list/incremental-list';
import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Flex, Grid } from '@radix-ui/themes';
import { useState } from 'react';
import type { FactActions } from '../hooks/use-fact-actions.ts';
import { FactCard } from './fact-card.tsx';
import { AddFactDialog, EditFactDialog } from './fact-dialogs.tsx';

type Props = {
  facts: Fact[];
  searching: boolean;
  canApprove: boolean;
  actions: FactActions;
  onShowHistory: (fact: Fact) => void;
};

/** The Facts tab: Add Fact, the fact cards (or the empty text), and the add and edit dialogs. */
export function FactsPanel({ facts, searching, canApprove, actions, onShowHistory }: Props) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Fact | null>(null);

  return (
    <Flex direction="column" gap="4">
      <Flex justify="end">
        <Button onClick={() => setAdding(true)}>
          <PlusIcon /> Add Fact
        </Button>
      </Flex>
      {facts.length === 0 ? (
        <EmptyState
          title={searching ? 'No facts match your search' : 'No facts in knowledge base'}
          action={searching ? undefined : <Button onClick={() => setAdding(true)}>Add First Fact</Button>}
        />
      ) : (
        <IncrementalList items={facts}>
          {(visible) => (
            <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="3">
              {visible.map((fact) => (
                <FactCard
                  key={fact.id}
                  fact={fact}
                  canApprove={canApprove}
                  approving={actions.approvingId === fact.id}
                  onEdit={setEditing}
                  onShowHistory={onShowHistory}
                  onApprove={actions.approveFact}
                />
              ))}
            </Grid>
          )}
        </IncrementalList>
      )}
      <AddFactDialog
        open={adding}
        onOpenChange={setAdding}
        pending={actions.creating}
        onSubmit={(request) => actions.createFact(request, () => setAdding(false))}
      />
      <EditFactDialog
        fact={editing}
        onClose={() => setEditing(null)}
        saving={actions.updating}
        deleting={actions.deleting}
        onSave={(fact, changes) => actions.updateFact(fact, changes, () => setEditing(null))}
        onDelete={(fact) => actions.deleteFact(fact, () => setEditing(null))}
      />
    </Flex>
  );
}
