import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import {
  SEED_CONTACTS,
  SEED_FACTS,
  SEED_LAB_JOBS,
  SEED_NOTES,
  SEED_TEXTS,
  SEED_VOICE_PROFILES,
} from './seed-data.ts';
import { SeedRefused, seedSandbox } from './seed-sandbox.ts';

const app = await startTestApp({ ANNIE_SANDBOX: 'true' });
const admin = await app.createUser({ username: 'admin', isAdmin: true });
const deps = { orm: app.orm, pool: app.pool, jobs: app.deps.jobs, config: app.config };

/** Rows of the admin's tenant in each table the seed writes (and the lab queue's jobs). */
async function counts() {
  const tables = [
    'contact',
    'sms_thread',
    'sms_message',
    'sms_draft',
    'knowledge_fact',
    'knowledge_note',
    'lab_job',
    'voice_profile',
    'voice_conversation',
    'voice_conversation_message',
    'call_session',
    'usage_entry',
  ];
  const entries = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await app.pool.query<{ count: string }>(
        `select count(*) from ${table} where tenant_id = $1`,
        [admin.user.tenantId],
      );
      return [table, Number(rows[0]?.count)] as const;
    }),
  );
  const queued = await app.pool.query<{ count: string }>(
    "select count(*) from pgboss.job where name = 'lab-job'",
  );
  return { ...Object.fromEntries(entries), labQueue: Number(queued.rows[0]?.count) };
}

describe('sandbox --seed', () => {
  it('fills every screen of the first admin’s tenant, with two drafts pending', async () => {
    const report = await seedSandbox(deps);
    expect(report).toMatchObject({
      tenantId: admin.user.tenantId,
      contacts: Object.keys(SEED_CONTACTS).length,
      texts: SEED_TEXTS.length,
      knowledge: SEED_FACTS.length + SEED_NOTES.length,
      labJobs: SEED_LAB_JOBS.length,
      voiceProfiles: SEED_VOICE_PROFILES.length,
      conversations: 1,
      calls: 2,
    });
    expect(report.usage).toBeGreaterThan(0);
    const client = await app.signedIn(admin);
    const threads = (await client.get('/api/sms/threads')).body as {
      displayName: string;
      meta: { pendingDraft: { draft: string } | null };
    }[];
    // Family first, then the newest.
    expect(threads.map((thread) => thread.displayName)).toEqual(['Mum', 'Priya Nair', 'Daniel Osei']);
    expect(threads.filter((thread) => thread.meta.pendingDraft).length).toBe(2);
    const contacts = (await client.get('/api/contacts')).body as { contact: { isFavorite: boolean } }[];
    expect(contacts.filter((entry) => entry.contact.isFavorite)).toHaveLength(1);
    const conversations = (await client.get('/api/voice/conversations')).body as { title: string }[];
    expect(conversations.map((conversation) => conversation.title)).toEqual([
      'What is in my diary tomorrow?',
    ]);
    const calls = (await client.get('/api/call-sessions')).body as {
      channel: string;
      callerId: string | null;
    }[];
    expect(calls.map((call) => [call.channel, call.callerId])).toEqual([
      ['webrtc', null],
      ['twilio', SEED_CONTACTS.daniel.phonePrimary],
    ]);
    const profiles = (await client.get('/api/voice/profiles?agentId=default-agent')).body as {
      name: string;
    }[];
    expect(profiles.map((profile) => profile.name)).toEqual(
      expect.arrayContaining(SEED_VOICE_PROFILES.map((profile) => profile.name)),
    );
  });

  it('is idempotent: a second run adds nothing and queues no job twice', async () => {
    const before = await counts();
    const report = await seedSandbox(deps);
    expect(report).toEqual({
      tenantId: admin.user.tenantId,
      contacts: 0,
      texts: 0,
      knowledge: 0,
      labJobs: 0,
      voiceProfiles: 0,
      conversations: 0,
      calls: 0,
      usage: 0,
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses outside a sandbox', async () => {
    await expect(seedSandbox({ ...deps, config: { ...app.config, ANNIE_SANDBOX: false } })).rejects.toThrow(
      SeedRefused,
    );
  });
});
