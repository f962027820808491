import { describe, expect, it } from 'vitest';
import { contactEntry } from '../testing/contact-entry.ts';
import { groupContacts } from './contact-groups.ts';

const entry = contactEntry;

describe('groupContacts', () => {
  it('puts Favorites first, then letters alphabetically, names sorted within', () => {
    const groups = groupContacts([
      entry('bob'),
      entry('Zed', { isFavorite: true }),
      entry('Alice'),
      entry('Ann'),
      entry('42 Club'),
    ]);
    expect(groups.map((group) => [group.label, group.entries.map((item) => item.contact.name)])).toEqual([
      ['Favorites', ['Zed']],
      ['A', ['Alice', 'Ann']],
      ['B', ['bob']],
      ['#', ['42 Club']],
    ]);
  });
});
