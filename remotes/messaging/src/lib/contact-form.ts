import {
  type Contact,
  type ContactRelationship,
  type CreateContactRequest,
  createContactRequestSchema,
  type PreferredChannel,
  type SmsPreference,
} from '@annie/contracts/contacts';

/** The contact form as typed: every text field a string, the enumerations picked from lists. */
export type ContactFormValues = {
  name: string;
  nickname: string;
  relationship: ContactRelationship;
  phonePrimary: string;
  email: string;
  preferredChannel: PreferredChannel;
  smsPreference: SmsPreference;
  notes: string;
  isFavorite: boolean;
  photoUrl: string;
};

export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>;

/** An empty form with the defaults (relationship other, sms, ask_first, not a favourite). */
export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  nickname: '',
  relationship: 'other',
  phonePrimary: '',
  email: '',
  preferredChannel: 'sms',
  smsPreference: 'ask_first',
  notes: '',
  isFavorite: false,
  photoUrl: '',
};

/** The form filled from a stored contact (for editing). */
export function contactToForm(contact: Contact): ContactFormValues {
  return {
    name: contact.name,
    nickname: contact.nickname ?? '',
    relationship: contact.relationship,
    phonePrimary: contact.phonePrimary ?? '',
    email: contact.email ?? '',
    preferredChannel: contact.preferredChannel,
    smsPreference: contact.smsPreference,
    notes: contact.notes ?? '',
    isFavorite: contact.isFavorite,
    photoUrl: contact.photoUrl ?? '',
  };
}

/**
 * Checks the form with the API's own contract ("Name is required", a valid email or empty) and gives
 * the request to send, or the message for each field that is wrong.
 */
export function validateContactForm(
  values: ContactFormValues,
):
  | { request: CreateContactRequest; errors?: undefined }
  | { request?: undefined; errors: ContactFormErrors } {
  const result = createContactRequestSchema.safeParse(values);
  if (result.success) return { request: values };
  const errors: ContactFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ContactFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
