import type { CountryCode } from 'libphonenumber-js';
import type { AppConfig } from '../../config/env.ts';
import type { Orm } from '../../db/orm.ts';
import type { Pool } from '../../db/pool.ts';
import type { JobSender } from '../../jobs/job-sender.ts';
import { FIRST_ADMIN_USERNAME, findUserByUsername, listUsers } from '../../modules/users/index.ts';
import { seedKnowledge } from './seed-knowledge.ts';
import { seedLabJobs } from './seed-lab.ts';
import { seedContacts, seedTexts } from './seed-messaging.ts';
import { seedUsage } from './seed-usage.ts';
import { seedCalls, seedConversation, seedVoiceProfiles } from './seed-voice.ts';

export type SeedDeps = { orm: Orm; pool: Pool; jobs: JobSender; config: AppConfig };

/** How many sample rows each part added (all 0 on a second run). */
export type SeedReport = {
  tenantId: string;
  contacts: number;
  texts: number;
  knowledge: number;
  labJobs: number;
  voiceProfiles: number;
  conversations: number;
  calls: number;
  /** Sample entries of the usage ledger (a few days of this month). */
  usage: number;
};

/** Raised when seeding is asked for outside a sandbox: sample data never goes into a real product. */
export class SeedRefused extends Error {
  override name = 'SeedRefused';
}

/**
 * Fills the first admin's tenant with the sandbox's sample business, so every screen has something to
 * show on first sign-in. Idempotent: every sample has a natural or derived key, and a second run adds
 * nothing (nor brings back what the user changed under another key).
 */
export async function seedSandbox(deps: SeedDeps): Promise<SeedReport> {
  if (!deps.config.ANNIE_SANDBOX)
    throw new SeedRefused('--seed works only in the sandbox (ANNIE_SANDBOX=true)');
  const lookup = deps.orm.em.fork();
  const admin = (await findUserByUsername(lookup, FIRST_ADMIN_USERNAME)) ?? (await listUsers(lookup))[0];
  if (!admin) throw new SeedRefused('Nothing to seed: there is no user yet');
  const owner = { tenantId: admin.tenantId, userId: admin.id, username: admin.username };
  const em = deps.orm.em.fork();
  em.setFilterParams('tenant', { tenantId: owner.tenantId });
  const region = deps.config.PHONE_DEFAULT_REGION as CountryCode;

  // Contacts first: the threads and drafts read their names and preferences.
  const contacts = await seedContacts(em, owner.tenantId, region);
  const texts = await seedTexts(deps.pool, owner.tenantId);
  const knowledge = await seedKnowledge(em, owner.tenantId);
  const labJobs = await seedLabJobs(deps.pool, deps.jobs, owner);
  const voiceProfiles = await seedVoiceProfiles(em, owner);
  const conversations = await seedConversation(em, owner);
  const calls = await seedCalls(em, owner);
  const usage = await seedUsage(deps.pool, owner);
  return {
    tenantId: owner.tenantId,
    contacts,
    texts,
    knowledge,
    labJobs,
    voiceProfiles,
    conversations,
    calls,
    usage,
  };
}
