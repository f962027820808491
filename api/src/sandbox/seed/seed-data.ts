import type { CreateContactRequest } from '@annie/contracts/contacts';
import type { CreateFactRequest, CreateNoteRequest } from '@annie/contracts/knowledge';
import { LAB_JOB_SAMPLES, type LabJobType } from '@annie/contracts/lab';
import type { CreateVoiceProfileRequest } from '@annie/contracts/voice-profiles';

/**
 * The sandbox's sample business: the people, texts, knowledge, lab work, voice profiles and a past
 * call a newcomer finds on first sign-in. Names and mail match the Google fake's account (Eleanor
 * Hart's inbox and diary mention Priya, Marcus and Daniel); 555-01xx numbers are fictional.
 */

export const SEED_CONTACTS = {
  mum: {
    name: 'Margaret Hart',
    nickname: 'Mum',
    relationship: 'family',
    phonePrimary: '+14155550123',
    email: 'margaret.hart@example.com',
    notes: 'Sunday lunch most weeks; prefers a call in the evening.',
  },
  priya: {
    name: 'Priya Nair',
    relationship: 'work',
    phonePrimary: '+14155550147',
    email: 'priya.nair@example.com',
    notes: 'Chief of staff. Owns the board agenda and the hiring plan.',
    isFavorite: true,
    preferredChannel: 'sms',
  },
  daniel: {
    name: 'Daniel Osei',
    relationship: 'service',
    phonePrimary: '+16505550111',
    email: 'daniel.osei@example.com',
    notes: 'Osei Chemicals: glycerin supplier. Contract renews on the 30th.',
    preferredChannel: 'email',
  },
} as const satisfies Record<string, CreateContactRequest>;

/** One seeded text: who, which way, how long ago; `draft` is the assistant's pending reply to it. */
export type SeedText = {
  key: string;
  phone: string;
  direction: 'inbound' | 'outbound';
  body: string;
  hoursAgo: number;
  draft?: string;
};

export const SEED_TEXTS: SeedText[] = [
  {
    key: 'mum-1',
    phone: SEED_CONTACTS.mum.phonePrimary,
    direction: 'outbound',
    body: 'Landed safely. Will ring you tonight.',
    hoursAgo: 27,
  },
  {
    key: 'mum-2',
    phone: SEED_CONTACTS.mum.phonePrimary,
    direction: 'inbound',
    body: 'Lovely, speak later x',
    hoursAgo: 26.5,
  },
  {
    key: 'mum-3',
    phone: SEED_CONTACTS.mum.phonePrimary,
    direction: 'inbound',
    body: "Are you still coming for Sunday lunch? Dad's doing the roast.",
    hoursAgo: 1.5,
    draft: "Hi Mum, yes, Sunday lunch is in the diary. I'll be there by one. Looking forward to Dad's roast!",
  },
  {
    key: 'priya-1',
    phone: SEED_CONTACTS.priya.phonePrimary,
    direction: 'outbound',
    body: 'Board pack is in Drive. Could you check the hiring slide?',
    hoursAgo: 5,
  },
  {
    key: 'priya-2',
    phone: SEED_CONTACTS.priya.phonePrimary,
    direction: 'inbound',
    body: 'Done. Two comments on the hiring plan. Can we talk tomorrow at 2?',
    hoursAgo: 3,
    draft: 'Thanks Priya. Tomorrow at 2pm works; I will send an invitation with the board pack attached.',
  },
  {
    key: 'daniel-1',
    phone: SEED_CONTACTS.daniel.phonePrimary,
    direction: 'inbound',
    body: 'Glycerin pallet ships Thursday. Invoice to follow.',
    hoursAgo: 50,
  },
  {
    key: 'daniel-2',
    phone: SEED_CONTACTS.daniel.phonePrimary,
    direction: 'outbound',
    body: 'Thank you Daniel, received. PO number to follow today.',
    hoursAgo: 49,
  },
];

export const SEED_FACTS: CreateFactRequest[] = [
  { key: 'office_hours', value: 'Mon–Fri 08:30–18:00' },
  { key: 'glycerin_price', value: 1.85, unit: 'USD/kg', source: 'natural_house' },
  { key: 'hand_wash_v3_green_score', value: 84, unit: 'score', source: 'auwagenics' },
  { key: 'board_meeting_day', value: 'Thursday' },
  { key: 'preferred_airline', value: { airline: 'British Airways', seat: 'aisle' } },
];

export const SEED_NOTES: (CreateNoteRequest & { tags: string[] })[] = [
  {
    title: 'Glycerin supplier renewal',
    body: 'Osei Chemicals renews on the 30th with terms unchanged. Ask Daniel for a 3% volume discount on the next 12 pallets.',
    tags: ['supplier', 'procurement'],
  },
  {
    title: 'Hiring plan: board comments',
    body: 'Priya has two comments on the hiring plan: phase the two lab hires over Q1 and Q2, and add a regulatory specialist.',
    tags: ['board', 'hiring'],
  },
  {
    title: 'Family',
    body: "Sunday lunch at Mum's most weeks. Dad's birthday is on the 14th: book the usual restaurant.",
    tags: ['family'],
  },
];

/** Lab jobs queued by the seed; the worker runs them against the chemistry fake, which answers with samples. */
export const SEED_LAB_JOBS: { key: string; type: LabJobType }[] = [
  { key: 'lab-formulate', type: 'formulate' },
  { key: 'lab-compliance', type: 'compliance_check' },
  { key: 'lab-green-score', type: 'green_score' },
];

export const labPayloadOf = (type: LabJobType) => LAB_JOB_SAMPLES[type];

export const SEED_VOICE_PROFILES: CreateVoiceProfileRequest[] = [
  {
    name: 'After-hours front desk',
    context: 'After-Hours',
    description: 'Answers when the office is closed: takes messages and books call-backs.',
    instructions:
      'The office is closed. Take a clear message with a call-back number, and offer a call-back the next working morning.',
    voice: 'marin',
    stylePreset: 'calm',
  },
  {
    name: 'Scheduling desk',
    context: 'Scheduling',
    description: "Books, moves and confirms meetings in the executive's diary.",
    instructions:
      'Offer two concrete times from the diary, confirm the attendee list, and send the invitation once agreed.',
    voice: 'cedar',
    stylePreset: 'professional',
  },
];

/** A past voice call with the assistant, as the voice page would have recorded it. */
export const SEED_CONVERSATION = {
  key: 'conversation-diary',
  title: 'What is in my diary tomorrow?',
  hoursAgo: 20,
  minutes: 3,
  messages: [
    { role: 'user', content: 'What is in my diary tomorrow?' },
    {
      role: 'assistant',
      content:
        'Tomorrow you have the weekly leadership sync at nine in the board room, and the glycerin pricing call with Daniel at two.',
    },
    { role: 'user', content: 'Remind me to ask Daniel about the volume discount.' },
    { role: 'assistant', content: "Noted. I've added it to the supplier renewal note." },
  ],
} as const;

/** A past inbound phone call from the supplier, as the phone bridge would have recorded it. */
export const SEED_PHONE_CALL = {
  key: 'call-daniel',
  callerId: SEED_CONTACTS.daniel.phonePrimary,
  purpose: 'Glycerin delivery',
  hoursAgo: 30,
  minutes: 2,
  transcript: [
    {
      role: 'assistant',
      content: "Good afternoon, this is James, Eleanor Hart's assistant. How can I help?",
    },
    { role: 'user', content: 'Hello, Daniel from Osei Chemicals. The glycerin pallet ships on Thursday.' },
    { role: 'assistant', content: "Thank you, Daniel. I'll let Eleanor know and send the PO number today." },
  ],
} as const;
