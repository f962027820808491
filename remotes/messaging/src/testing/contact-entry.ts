import type { ContactListEntry } from '@annie/contracts/contacts';

const stamp = '2025-01-05T15:04:00.000Z';

/** A contact-list entry with the contact defaults and no thread; `extra` overrides contact fields. */
export function contactEntry(
  name: string,
  extra: Partial<ContactListEntry['contact']> = {},
): ContactListEntry {
  return {
    contact: {
      id: crypto.randomUUID(),
      name,
      nickname: null,
      relationship: 'other',
      phonePrimary: null,
      email: null,
      preferredChannel: 'sms',
      smsPreference: 'ask_first',
      notes: null,
      isFavorite: false,
      photoUrl: null,
      createdAt: stamp,
      updatedAt: stamp,
      ...extra,
    },
    thread: null,
  };
}
