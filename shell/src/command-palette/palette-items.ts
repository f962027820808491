import { type NavEntry, visibleGroups } from '../app/navigation.ts';

/** One choice of the palette: a screen, or a contact (opening their page). */
export type PaletteItem = {
  kind: 'screen' | 'contact';
  id: string;
  label: string;
  detail?: string;
  to: string;
};

function matches(entry: NavEntry, words: string[]): boolean {
  const text = [entry.label, ...(entry.keywords ?? [])].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The screens this user may open whose name (or one of its other words) holds every word typed. */
export function paletteScreens(query: string, isAdmin: boolean, manageReleases: boolean): PaletteItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return visibleGroups(isAdmin, manageReleases)
    .flatMap((group) => group.entries)
    .filter((entry) => matches(entry, words))
    .map((entry) => ({ kind: 'screen', id: `screen:${entry.to}`, label: entry.label, to: entry.to }));
}
