import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToToasts, toast } from './toast-store.ts';

/** The shared toasts plus functions to raise and dismiss one. */
export function useToast() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return { toasts, toast, dismiss: dismissToast };
}
