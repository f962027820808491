import { VOICE_PROFILE_DEFAULTS, voiceProfileFieldsSchema } from '@annie/contracts/voice-profiles';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../../../test/test-app.ts';
import { ENGINE_BACKFILL_SQL } from './Migration20261129021500_voice_profile_engine.ts';

const app = await startTestApp();
await app.createUser({ tenantId: 'engines' });

describe('the voice profile engine migration', () => {
  it('puts a profile saved before engines existed on Realtime with the Live defaults, keeping a Live choice', async () => {
    const {
      engine: _engine,
      engineSplitPercent: _split,
      live: _live,
      ...before
    } = { ...VOICE_PROFILE_DEFAULTS, name: 'Old' };
    const chosen = {
      ...VOICE_PROFILE_DEFAULTS,
      name: 'Chosen',
      engine: 'live',
      live: { ...VOICE_PROFILE_DEFAULTS.live, model: 'gpt-live-1' },
    };
    const insert = (settings: object) =>
      app.pool.query<{ id: string }>(
        `insert into voice_profile (id, tenant_id, agent_id, name, context, settings)
         values (gen_random_uuid(), 'engines', 'default-agent', $1, 'Default', $2::jsonb) returning id`,
        [(settings as { name: string }).name, JSON.stringify(settings)],
      );
    const [old, kept] = await Promise.all([insert(before), insert(chosen)]);
    for (const statement of ENGINE_BACKFILL_SQL) await app.pool.query(statement);
    const settingsOf = async (id: string | undefined) =>
      (await app.pool.query('select settings from voice_profile where id = $1', [id])).rows[0]?.settings;
    const migrated = voiceProfileFieldsSchema.parse(await settingsOf(old.rows[0]?.id));
    expect(migrated).toMatchObject({
      name: 'Old',
      engine: 'realtime',
      engineSplitPercent: 0,
      live: VOICE_PROFILE_DEFAULTS.live,
    });
    expect(await settingsOf(kept.rows[0]?.id)).toMatchObject({
      engine: 'live',
      live: { model: 'gpt-live-1' },
    });
  });
});
