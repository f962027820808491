import { errorText } from '@annie/api-client/http';
import { type ToastHandle, toast } from './toast-store.ts';

/**
 * Shows a destructive notice titled `title` that says what went wrong: the server's message, or the
 * "{status}: {body}" text of a plain-text answer, else `fallback`. Where the notice's text must not
 * depend on what the server said (e.g. Error / Failed to create job), pass `null` as the error.
 */
export function toastError(title: string, error: unknown, fallback: string): ToastHandle {
  return toast({ title, description: errorText(error, fallback), variant: 'destructive' });
}
