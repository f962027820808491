import { z } from 'zod';
import { pageQueryFields, searchQueryField } from './paging.ts';

/** Who a contact is to the executive; colours the list and orders SMS threads (family first). */
export const contactRelationshipSchema = z.enum(['family', 'friend', 'work', 'medical', 'service', 'other'], {
  error: 'Relationship must be one of family, friend, work, medical, service, other',
});

/** How the contact prefers to be reached. */
export const preferredChannelSchema = z.enum(['sms', 'call', 'email'], {
  error: 'Preferred channel must be one of sms, call, email',
});

/** What the assistant does with an inbound text: send its draft, ask first, or draft nothing. */
export const smsPreferenceSchema = z.enum(['auto_respond', 'never_respond', 'ask_first'], {
  error: 'SMS preference must be one of auto_respond, never_respond, ask_first',
});

const NAME_MAX = 200;
const NICKNAME_MAX = 100;
const PHONE_MAX = 40;
const NOTES_MAX = 10_000;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional();

const contactFields = {
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  nickname: optionalText('Nickname', NICKNAME_MAX),
  relationship: contactRelationshipSchema,
  /** Free text as typed; the server stores it as E.164 and refuses what is not a phone number. */
  phonePrimary: optionalText('Phone', PHONE_MAX),
  email: z
    .union([z.literal(''), z.email({ error: 'Email must be a valid email address' })], {
      error: 'Email must be a valid email address',
    })
    .nullable()
    .optional(),
  preferredChannel: preferredChannelSchema,
  smsPreference: smsPreferenceSchema,
  notes: optionalText('Notes', NOTES_MAX),
  isFavorite: z.boolean({ error: 'Favorite must be true or false' }),
  photoUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Photo URL must be an http(s) URL' })])
    .nullable()
    .optional(),
};

/**
 * Body of POST /api/contacts; unset fields default to relationship `other`, preferred channel `sms`,
 * SMS preference `ask_first` and not a favourite.
 */
export const createContactRequestSchema = z
  .object({
    ...contactFields,
    relationship: contactFields.relationship.default('other'),
    preferredChannel: contactFields.preferredChannel.default('sms'),
    smsPreference: contactFields.smsPreference.default('ask_first'),
    isFavorite: contactFields.isFavorite.default(false),
  })
  .strict();

/** Body of PATCH /api/contacts/:id: any of the fields; null or "" clears an optional one. */
export const updateContactRequestSchema = z
  .object(contactFields)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Provide at least one field to change' });

/** A contact as the API returns it; optional fields are null when empty, the phone is E.164. */
export const contactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nickname: z.string().nullable(),
  relationship: contactRelationshipSchema,
  phonePrimary: z.string().nullable(),
  email: z.string().nullable(),
  preferredChannel: preferredChannelSchema,
  smsPreference: smsPreferenceSchema,
  notes: z.string().nullable(),
  isFavorite: z.boolean(),
  photoUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** What the contact list shows of the contact's SMS thread, when one exists. */
export const contactThreadSummarySchema = z.object({
  id: z.uuid(),
  unreadCount: z.number().int().min(0),
  optedOut: z.boolean(),
  lastMessageAt: z.iso.datetime().nullable(),
});

/** One entry of GET /api/contacts. */
export const contactListEntrySchema = z.object({
  contact: contactSchema,
  thread: contactThreadSummarySchema.nullable(),
});

/** Body of GET /api/contacts: a page of the tenant's contacts, favourites first, then by name. */
export const contactListSchema = z.array(contactListEntrySchema);

/** Contacts per page of GET /api/contacts, by default and at most. */
export const CONTACT_LIST_PAGE = 100;
export const CONTACT_LIST_PAGE_MAX = 200;

/**
 * Query of GET /api/contacts. The list comes a page at a time: favourites first, then names beginning
 * with a letter, then the rest, each by name; a `Link: <…>; rel="next"` header gives the next page
 * while more remain. `q`: only contacts whose name, nickname or email contains it, or whose number
 * contains its digits.
 */
export const contactListQuerySchema = z
  .object({ q: searchQueryField, ...pageQueryFields(CONTACT_LIST_PAGE, CONTACT_LIST_PAGE_MAX) })
  .strict();

export type ContactRelationship = z.infer<typeof contactRelationshipSchema>;
export type PreferredChannel = z.infer<typeof preferredChannelSchema>;
export type SmsPreference = z.infer<typeof smsPreferenceSchema>;
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;
export type UpdateContactRequest = z.input<typeof updateContactRequestSchema>;
export type Contact = z.infer<typeof contactSchema>;
export type ContactListEntry = z.infer<typeof contactListEntrySchema>;
