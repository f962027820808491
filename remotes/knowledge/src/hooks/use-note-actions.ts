import { useCreateNote } from '@annie/api-client/knowledge/use-create-note';
import type { CreateNoteRequest, Note, UpdateNoteRequest } from '@annie/contracts/knowledge';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { useMemo } from 'react';
import { useDeleteNote } from '../api/use-delete-note.ts';
import { useUpdateNote } from '../api/use-update-note.ts';
import { noteAsCreateRequest } from '../lib/note-form.ts';

/**
 * The note mutations, each with a success notice; a deleted note's notice offers Undo.
 * Failures show a fixed text for the action ("Failed to create note"), whatever the server said.
 * The action functions keep their identity between renders.
 */
export function useNoteActions() {
  const { toast } = useToast();
  const { mutate: create, isPending: creating } = useCreateNote();
  const { mutate: update, isPending: updating } = useUpdateNote();
  const { mutate: remove, isPending: deleting } = useDeleteNote();

  const actions = useMemo(() => {
    return {
      createNote(request: CreateNoteRequest, onDone: () => void) {
        create(request, {
          onSuccess: () => {
            onDone();
            toast({
              title: 'Note created',
              description: 'Knowledge note has been added successfully',
              variant: 'success',
            });
          },
          onError: () => toastError('Error', null, 'Failed to create note'),
        });
      },
      updateNote(note: Note, changes: UpdateNoteRequest, onDone: () => void) {
        update(
          { id: note.id, changes },
          {
            onSuccess: () => {
              onDone();
              toast({
                title: 'Note updated',
                description: 'Knowledge note has been updated successfully',
                variant: 'success',
              });
            },
            onError: () => toastError('Error', null, 'Failed to update note'),
          },
        );
      },
      deleteNote(note: Note, onDone: () => void) {
        remove(note.id, {
          onSuccess: () => {
            onDone();
            toast({
              title: 'Note deleted',
              description: `${note.title} has been deleted`,
              variant: 'success',
              // Undo writes the same note back (a new id and creation time; every field it was made of kept).
              action: {
                label: 'Undo',
                onClick: () =>
                  create(noteAsCreateRequest(note), {
                    onSuccess: () =>
                      toast({ title: 'Note restored', description: note.title, variant: 'success' }),
                    onError: () => toastError('Error', null, 'Failed to restore note'),
                  }),
              },
            });
          },
          onError: () => toastError('Error', null, 'Failed to delete note'),
        });
      },
    };
  }, [create, update, remove, toast]);

  return { ...actions, creating, updating, deleting };
}

export type NoteActions = ReturnType<typeof useNoteActions>;
