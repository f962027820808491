import { DARK_SHEET_META } from '@annie/contracts/page-scripts';
import { useSyncExternalStore } from 'react';

/** What the user chose: follow the system (`prefers-color-scheme`), or always light, or always dark. */
export type AppearanceChoice = 'system' | 'light' | 'dark';
export type Appearance = 'light' | 'dark';

export const APPEARANCE_CHOICES: readonly AppearanceChoice[] = ['system', 'light', 'dark'];
export const APPEARANCE_LABELS: Readonly<Record<AppearanceChoice, string>> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

/** Where the choice is remembered (this browser only; nothing is sent to the server). */
export const APPEARANCE_STORAGE_KEY = 'annie.appearance';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function isChoice(value: unknown): value is AppearanceChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

/** The remembered choice ('system' when none, or when storage is unavailable). */
export function readAppearanceChoice(): AppearanceChoice {
  try {
    const stored = globalThis.localStorage?.getItem(APPEARANCE_STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

/** The appearance a choice gives on this device now. */
export function resolveAppearance(choice: AppearanceChoice): Appearance {
  if (choice !== 'system') return choice;
  return systemPrefersDark() ? 'dark' : 'light';
}

/** What loads the dark appearance's styles (the shell's `onDark`), and whether it has been asked to. */
let loadDark: (() => unknown) | undefined;
let darkRequested = false;

/** Asks `loadDark` once, the first time the page is dark; asked again later if it failed. */
function requestDark(): void {
  if (!loadDark || darkRequested) return;
  darkRequested = true;
  try {
    Promise.resolve(loadDark()).catch(() => {
      darkRequested = false;
    });
  } catch {
    darkRequested = false;
  }
}

/**
 * Puts the appearance on <html>: Radix Themes' tokens follow the `dark`/`light` class of an ancestor, so
 * every Theme with the default appearance (`inherit`) — the shell's, each remote's screens inside it, and
 * the portals of dialogs and menus — changes with it; `color-scheme` does the same for scrollbars and
 * form controls the browser draws.
 */
export function applyAppearance(choice: AppearanceChoice = readAppearanceChoice()): Appearance {
  const appearance = resolveAppearance(choice);
  if (typeof document === 'undefined') return appearance;
  const root = document.documentElement;
  root.classList.toggle('dark', appearance === 'dark');
  root.classList.toggle('light', appearance === 'light');
  root.style.colorScheme = appearance;
  root.dataset.appearance = choice;
  if (appearance === 'dark') requestDark();
  return appearance;
}

/** Remembers the choice and applies it at once. */
export function setAppearanceChoice(choice: AppearanceChoice): void {
  try {
    if (choice === 'system') globalThis.localStorage?.removeItem(APPEARANCE_STORAGE_KEY);
    else globalThis.localStorage?.setItem(APPEARANCE_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
    memoryChoice = choice;
  }
  applyAppearance(choice);
  for (const listener of listeners) listener();
}

let memoryChoice: AppearanceChoice | undefined;
const currentChoice = () => memoryChoice ?? readAppearanceChoice();

/**
 * Links the page's dark stylesheet (the URL its DARK_SHEET_META names, as the page's early appearance
 * script does when the page starts dark) unless the page has it; resolves once it has loaded. A sheet
 * that fails is taken out again, so that a later call tries anew. The pages' `onDark`.
 */
export function linkDarkSheet(): Promise<void> {
  if (typeof document === 'undefined' || document.querySelector('link[data-appearance-sheet]'))
    return Promise.resolve();
  const href = document.querySelector<HTMLMetaElement>(`meta[name="${DARK_SHEET_META}"]`)?.content;
  if (!href) return Promise.reject(new Error(`the page names no dark stylesheet (${DARK_SHEET_META})`));
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.appearanceSheet = '';
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      reject(new Error(`the dark stylesheet did not load (${href})`));
    });
  });
  document.head.append(link);
  return loaded;
}

export interface FollowAppearanceOptions {
  /**
   * Loads the dark appearance's styles, called once the first time the page turns dark (at start, from
   * the system, another tab or the toggle): the pages pass `linkDarkSheet` (the page's dark-only Radix
   * sheet), so light users never download it (the UI kit imports no CSS itself).
   */
  onDark?: () => unknown;
}

/**
 * Applies the remembered choice now and keeps it applied: when the system's preference changes (for
 * "System") and when another tab changes the choice. Returns a function that stops following.
 */
export function followAppearance(options: FollowAppearanceOptions = {}): () => void {
  if (options.onDark) loadDark = options.onDark;
  applyAppearance(currentChoice());
  const reapply = () => {
    applyAppearance(currentChoice());
    for (const listener of listeners) listener();
  };
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_QUERY) : undefined;
  media?.addEventListener('change', reapply);
  const onStorage = (event: StorageEvent) => {
    if (event.key === APPEARANCE_STORAGE_KEY || event.key === null) reapply();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    media?.removeEventListener('change', reapply);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's choice and a setter, for a toggle. */
export function useAppearanceChoice(): [AppearanceChoice, (choice: AppearanceChoice) => void] {
  const choice = useSyncExternalStore(subscribe, currentChoice, () => 'system' as const);
  return [choice, setAppearanceChoice];
}
