import type { EntityManager } from '@mikro-orm/postgresql';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import { inTransaction } from '../../db/transaction.ts';
import { Contact, createContact } from '../../modules/contacts/index.ts';
import { ensureThread, noteLastMessage, storeDraft } from '../../modules/sms/index.ts';
import { SEED_CONTACTS, SEED_TEXTS, type SeedText } from './seed-data.ts';
import { seedMessageSid } from './seed-ids.ts';

/** Adds the sample contacts a tenant does not have yet (a contact's phone is unique in its tenant). */
export async function seedContacts(
  em: EntityManager,
  tenantId: string,
  region: CountryCode,
): Promise<number> {
  let added = 0;
  for (const contact of Object.values(SEED_CONTACTS)) {
    if (await em.findOne(Contact, { phonePrimary: contact.phonePrimary })) continue;
    await createContact(em, tenantId, contact, region);
    added += 1;
  }
  return added;
}

/**
 * Stores one sample text once (its message sid is derived from the sample), backdated, as delivered or
 * received; an inbound text with a `draft` gets that draft pending. Answers whether the text was new.
 * It is dated by the database's clock, as every text the app stores is (`now()`), so a text arriving
 * later always sorts after the samples.
 */
async function seedText(pool: Pool, tenantId: string, text: SeedText): Promise<boolean> {
  const inserted = await inTransaction(pool, async (db) => {
    const thread = await ensureThread(db, tenantId, text.phone);
    const { rows } = await db.query<{ id: string; created_at: Date }>(
      `insert into sms_message (id, tenant_id, thread_id, direction, body, status, twilio_sid, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, now() - make_interval(secs => $7), now() - make_interval(secs => $7))
       on conflict (twilio_sid) do nothing
       returning id, created_at`,
      [
        tenantId,
        thread.id,
        text.direction,
        text.body,
        text.direction === 'inbound' ? 'received' : 'delivered',
        seedMessageSid(tenantId, text.key),
        text.hoursAgo * 3_600,
      ],
    );
    const message = rows[0];
    if (!message) return undefined;
    await noteLastMessage(db, tenantId, thread.id, {
      body: text.body,
      direction: text.direction,
      createdAt: message.created_at,
    });
    return { threadId: thread.id, messageId: message.id };
  });
  if (!inserted) return false;
  if (text.draft) {
    await storeDraft(pool, {
      tenantId,
      threadId: inserted.threadId,
      phoneE164: text.phone,
      inboundMessageId: inserted.messageId,
      body: text.draft,
    });
  }
  return true;
}

/** The sample threads: texts with the family member, the favourite and the supplier, two drafts pending. */
export async function seedTexts(pool: Pool, tenantId: string): Promise<number> {
  let added = 0;
  for (const text of SEED_TEXTS) if (await seedText(pool, tenantId, text)) added += 1;
  return added;
}
