import type { CreateContactRequest, UpdateContactRequest } from '@annie/contracts/contacts';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CountryCode } from 'libphonenumber-js';
import { ZodError } from 'zod';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { toE164 } from '../../lib/phone-number.ts';
import { Contact } from './contact.entity.ts';

export const CONTACT_NOT_FOUND = 'Contact not found';

type ContactInput = Required<Pick<CreateContactRequest, 'name'>> & Omit<UpdateContactRequest, 'name'>;

/** A 400 naming the phone field, rendered like the contract's own validation errors. */
function invalidPhone(text: string): ZodError {
  return new ZodError([
    { code: 'custom', path: ['phonePrimary'], message: 'Phone is not a valid phone number', input: text },
  ]);
}

/** Free-text phone → E.164, null when cleared; refuses text that is not a phone number. */
function normalisePhone(text: string | null | undefined, region: CountryCode): string | null | undefined {
  if (text === undefined) return undefined;
  if (text === null || text.trim() === '') return null;
  const e164 = toE164(text, region);
  if (!e164) throw invalidPhone(text);
  return e164;
}

const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/** Refuses a phone number another contact of the tenant already has, naming that contact. */
async function assertPhoneFree(em: EntityManager, phone: string | null | undefined, selfId?: string) {
  if (!phone) return;
  const holder = await em.findOne(Contact, { phonePrimary: phone });
  if (holder && holder.id !== selfId) {
    throw new HttpError(409, 'conflict', `${holder.name} already has the phone number ${phone}`);
  }
}

function applyFields(contact: Contact, input: Partial<ContactInput>, phone: string | null | undefined) {
  if (input.name !== undefined) contact.name = input.name;
  if (input.nickname !== undefined) contact.nickname = emptyToNull(input.nickname);
  if (input.relationship !== undefined) contact.relationship = input.relationship;
  if (phone !== undefined) contact.phonePrimary = phone;
  if (input.email !== undefined) contact.email = emptyToNull(input.email);
  if (input.preferredChannel !== undefined) contact.preferredChannel = input.preferredChannel;
  if (input.smsPreference !== undefined) contact.smsPreference = input.smsPreference;
  if (input.notes !== undefined) contact.notes = emptyToNull(input.notes);
  if (input.isFavorite !== undefined) contact.isFavorite = input.isFavorite;
  if (input.photoUrl !== undefined) contact.photoUrl = emptyToNull(input.photoUrl);
}

async function flushUnique(em: EntityManager, phone: string | null | undefined): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    // Two requests raced past assertPhoneFree: the unique index decides.
    if (error instanceof UniqueConstraintViolationException) {
      throw new HttpError(409, 'conflict', `Another contact already has the phone number ${phone}`);
    }
    throw error;
  }
}

/** Adds a contact; its phone is stored as E.164 and must be free in the tenant. */
export async function createContact(
  em: EntityManager,
  tenantId: string,
  input: ContactInput,
  region: CountryCode,
): Promise<Contact> {
  const phone = normalisePhone(input.phonePrimary, region);
  await assertPhoneFree(em, phone);
  const contact = em.create(Contact, { tenantId, name: input.name });
  applyFields(contact, input, phone);
  await flushUnique(em, phone);
  return contact;
}

/** One contact of the tenant. */
export async function getContact(em: EntityManager, id: string): Promise<Contact> {
  const contact = await em.findOne(Contact, { id });
  if (!contact) throw notFound(CONTACT_NOT_FOUND);
  return contact;
}

/** Changes the given fields; null or "" clears an optional one. */
export async function updateContact(
  em: EntityManager,
  id: string,
  input: UpdateContactRequest,
  region: CountryCode,
): Promise<Contact> {
  const contact = await getContact(em, id);
  const phone = normalisePhone(input.phonePrimary, region);
  await assertPhoneFree(em, phone, contact.id);
  applyFields(contact, input as Partial<ContactInput>, phone);
  await flushUnique(em, phone);
  return contact;
}

/** Deletes a contact; its SMS thread stays, under the bare number. */
export async function deleteContact(em: EntityManager, id: string): Promise<void> {
  const deleted = await em.nativeDelete(Contact, { id });
  if (deleted === 0) throw notFound(CONTACT_NOT_FOUND);
}
