import type { Note } from '@annie/contracts/knowledge';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { IncrementalList } from '@annie/ui/incremental-list/incremental-list';
import { PlusIcon } from '@radix-ui/react-icons';
import { Button, Flex, Grid } from '@radix-ui/themes';
import { useMemo, useState } from 'react';
import type { NoteActions } from '../hooks/use-note-actions.ts';
import { duplicateNotes } from '../lib/duplicate-notes.ts';
import { NoteCard } from './note-card.tsx';
import { AddNoteDialog, EditNoteDialog } from './note-dialogs.tsx';

type Props = { notes: Note[]; searching: boolean; actions: NoteActions };

/** The Notes tab: Add Note, the note cards (duplicates flagged, or the empty text), and the add and edit dialogs. */
export function NotesPanel({ notes, searching, actions }: Props) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Note | null>(null);
  const duplicates = useMemo(() => duplicateNotes(notes), [notes]);
  const deleteNote = actions.deleteNote;
  const onDelete = useMemo(() => (note: Note) => deleteNote(note, () => {}), [deleteNote]);

  return (
    <Flex direction="column" gap="4">
      <Flex justify="end">
        <Button onClick={() => setAdding(true)}>
          <PlusIcon /> Add Note
        </Button>
      </Flex>
      {notes.length === 0 ? (
        <EmptyState
          title={searching ? 'No notes match your search' : 'No notes in knowledge base'}
          action={searching ? undefined : <Button onClick={() => setAdding(true)}>Add First Note</Button>}
        />
      ) : (
        <IncrementalList items={notes}>
          {(visible) => (
            <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="3">
              {visible.map((note) => (
                <NoteCard
                  key={note.id}
                  note={note}
                  onEdit={setEditing}
                  onDelete={onDelete}
                  duplicateOf={duplicates.get(note.id)}
                />
              ))}
            </Grid>
          )}
        </IncrementalList>
      )}
      <AddNoteDialog
        open={adding}
        onOpenChange={setAdding}
        pending={actions.creating}
        onSubmit={(request) => actions.createNote(request, () => setAdding(false))}
      />
      <EditNoteDialog
        note={editing}
        onClose={() => setEditing(null)}
        saving={actions.updating}
        deleting={actions.deleting}
        onSave={(note, changes) => actions.updateNote(note, changes, () => setEditing(null))}
        onDelete={(note) => actions.deleteNote(note, () => setEditing(null))}
      />
    </Flex>
  );
}
