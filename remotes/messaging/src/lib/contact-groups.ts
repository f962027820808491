import type { ContactListEntry } from '@annie/contracts/contacts';

/** One section of the contact list: Favorites (starred) first, then one per first letter. */
export type ContactGroup = { key: string; label: string; favorites: boolean; entries: ContactListEntry[] };

function letterOf(name: string): string {
  const first = name.trim().charAt(0).toLocaleUpperCase('en-US');
  return /\p{L}/u.test(first) ? first : '#';
}

/** The contacts grouped: Favorites first, then letters alphabetically ("#" last), names sorted. */
export function groupContacts(entries: readonly ContactListEntry[]): ContactGroup[] {
  const byName = (a: ContactListEntry, b: ContactListEntry) =>
    a.contact.name.localeCompare(b.contact.name, 'en-US', { sensitivity: 'base' });
  const matching = [...entries].sort(byName);
  const favorites = matching.filter((entry) => entry.contact.isFavorite);
  const letters = new Map<string, ContactListEntry[]>();
  for (const entry of matching) {
    if (entry.contact.isFavorite) continue;
    const letter = letterOf(entry.contact.name);
    letters.set(letter, [...(letters.get(letter) ?? []), entry]);
  }
  const letterGroups = [...letters.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b, 'en-US')))
    .map(([letter, group]) => ({ key: letter, label: letter, favorites: false, entries: group }));
  return favorites.length > 0
    ? [{ key: 'favorites', label: 'Favorites', favorites: true, entries: favorites }, ...letterGroups]
    : letterGroups;
}
