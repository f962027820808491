import type { Contact as ContactDto } from '@annie/contracts/contacts';
import { isoSql } from '../../db/sql-text.ts';
import type { Contact } from './contact.entity.ts';

/** The only shape of a contact that leaves the server (the list builds the same one in SQL). */
export function toContactDto(contact: Contact): ContactDto {
  return {
    id: contact.id,
    name: contact.name,
    nickname: contact.nickname ?? null,
    relationship: contact.relationship,
    phonePrimary: contact.phonePrimary ?? null,
    email: contact.email ?? null,
    preferredChannel: contact.preferredChannel,
    smsPreference: contact.smsPreference,
    notes: contact.notes ?? null,
    isFavorite: contact.isFavorite,
    photoUrl: contact.photoUrl ?? null,
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}

/** The contact DTO built in SQL; the same fields, names and formats as `toContactDto`. */
export function contactJsonSql(alias: string): string {
  return `json_build_object(
    'id', ${alias}.id, 'name', ${alias}.name, 'nickname', ${alias}.nickname,
    'relationship', ${alias}.relationship, 'phonePrimary', ${alias}.phone_primary, 'email', ${alias}.email,
    'preferredChannel', ${alias}.preferred_channel, 'smsPreference', ${alias}.sms_preference,
    'notes', ${alias}.notes, 'isFavorite', ${alias}.is_favorite, 'photoUrl', ${alias}.photo_url,
    'createdAt', ${isoSql(`${alias}.created_at`)}, 'updatedAt', ${isoSql(`${alias}.updated_at`)})`;
}
