import { describe, expect, it } from 'vitest';
import { contactEntry } from '../testing/contact-entry.ts';
import { contactMatches, groupContacts } from './contact-groups.ts';

const entry = contactEntry;

describe('groupContacts', () => {
  it('puts Favorites first, then letters alphabetically, names sorted within', () => {
    const groups = groupContacts(
      [entry('bob'), entry('Zed', { isFavorite: true }), entry('Alice'), entry('Ann'), entry('42 Club')],
      '',
    );
    expect(groups.map((group) => [group.label, group.entries.map((item) => item.contact.name)])).toEqual([
      ['Favorites', ['Zed']],
      ['A', ['Alice', 'Ann']],
      ['B', ['bob']],
      ['#', ['42 Club']],
    ]);
  });
});

describe('contactMatches', () => {
  const mom = entry('Margaret Smith', {
    nickname: 'Mom',
    phonePrimary: '+14155552671',
    email: 'mags@example.com',
  });

  it('matches name, nickname and email case-insensitively', () => {
    expect(contactMatches(mom, 'smith')).toBe(true);
    expect(contactMatches(mom, 'MOM')).toBe(true);
    expect(contactMatches(mom, 'mags@')).toBe(true);
    expect(contactMatches(mom, 'dad')).toBe(false);
  });

  it('matches the phone by digits, however it is typed', () => {
    expect(contactMatches(mom, '(415) 555')).toBe(true);
    expect(contactMatches(mom, '555-2671')).toBe(true);
    expect(contactMatches(mom, '999')).toBe(false);
  });
});
