import type { ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** One button in the toast, such as Undo; pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

// One toast at a time; a dismissed toast stays in state (closed) for 1,000,000 ms.
const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

// Module state on purpose: the shell and every remote share this module as a federation singleton,
// so a toast raised in a remote shows in the shell's one Toaster.
let toasts: readonly ToastEntry[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly ToastEntry[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((entry) => entry.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Subscribes to toast changes; returns the unsubscribe function. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current toasts, newest first (closed ones linger until removed). */
export function getToasts(): readonly ToastEntry[] {
  return toasts;
}

/** Closes one toast, or all of them without an id; each is removed from state later. */
export function dismissToast(id?: string): void {
  for (const entry of toasts) {
    if (id === undefined || entry.id === id) scheduleRemoval(entry.id);
  }
  setToasts(toasts.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)));
}

/** Shows a toast, replacing the one on screen. */
export function toast(options: ToastOptions): ToastHandle {
  nextId += 1;
  const id = String(nextId);
  setToasts([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}
