import { voiceToolResultSchema } from '@annie/contracts/workspace';
import { WORKSPACE_TOOL_NAMES } from '@annie/contracts/workspace-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';
import { googleServicesFor } from './google-services.ts';
import { startWorkspaceTestApp } from './testing/workspace-test-app.ts';
import { runToolForModel } from './voice-tools.service.ts';

const { app, fake, connect } = await startWorkspaceTestApp();
afterAll(() => fake.close());
let client: TestClient;

beforeAll(async () => {
  client = await app.signedIn(await app.createUser());
  await connect(client);
});

const at = (hours: number) => new Date(fake.today + (hours + 24 * 400) * 3_600_000).toISOString();
const run = (toolName: string, parameters?: unknown) =>
  client.post('/api/google/voice-tools', { toolName, parameters });

/** One valid call per tool, and a field its compact result must carry. */
const CALLS: Record<string, [unknown, string]> = {
  google_search: [{ query: 'budget' }, 'messages'],
  google_calendar_list: [{ time_min: new Date(fake.today).toISOString() }, 'events'],
  google_calendar_create: [{ summary: 'Sync', start_time: at(9), end_time: at(10) }, 'event'],
  google_gmail_list: ['{"unread_only": true}', 'messages'],
  google_gmail_send: [{ to: ['priya.nair@example.com'], subject: 'Hi', body: 'Hello' }, 'id'],
  google_drive_list: [{ file_type: 'spreadsheet' }, 'files'],
  google_drive_create: [{ name: 'Plan', file_type: 'document' }, 'file'],
  google_sheets_read: [{ spreadsheet_id: 'file-budget', range: 'Sheet1!A1:C4' }, 'rows'],
  google_sheets_write: [
    { spreadsheet_id: 'file-budget', range: 'Sheet1!A5', values: [['Legal', 1, 2]] },
    'updatedCells',
  ],
  google_docs_create: [{ title: 'Notes', content: 'Hello' }, 'document'],
  google_meet_create: [{ summary: 'Call', start_time: at(11) }, 'event'],
};

describe('POST /api/google/voice-tools', () => {
  it.each(WORKSPACE_TOOL_NAMES)(
    '%s runs against Google and answers the envelope with compact data',
    async (name) => {
      const [parameters, field] = CALLS[name] ?? [{}, ''];
      const { status, body } = await run(name, parameters);
      expect(status).toBe(200);
      expect(voiceToolResultSchema.parse(body)).toMatchObject({
        success: true,
        error: null,
        requiresAuth: false,
      });
      expect(body.data).toHaveProperty(field);
      expect(JSON.stringify(body.data).length).toBeLessThan(16_000);
    },
  );

  it('applies the defaults: mail list returns unread and read, 10 at most', async () => {
    const { body } = await run('google_gmail_list', {});
    expect(body.data.messages).toHaveLength(4);
    expect(
      fake.received.findLast((request) => request.path.endsWith('/messages'))?.query.get('maxResults'),
    ).toBe('10');
  });

  it('treats arguments that do not parse as empty', async () => {
    const { body } = await run('google_drive_list', '{not json');
    expect(body.success).toBe(true);
    expect(body.data.files.length).toBeGreaterThan(1);
  });

  it('refuses an unknown tool and bad parameters with a 400 naming them', async () => {
    const unknown = await run('google_delete_everything', {});
    expect([unknown.status, unknown.body.message, unknown.body.code]).toEqual([
      400,
      'Unknown tool google_delete_everything',
      'unknown_tool',
    ]);
    const bad = await run('google_drive_list', { file_type: 'zip' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toBe('parameters.file_type');
    const missing = await client.post('/api/google/voice-tools', { parameters: {} });
    expect([missing.status, missing.body.issues[0].path]).toEqual([400, 'toolName']);
  });

  it('answers a Google error as "Failed to execute Google tool: {message}"', async () => {
    const { body } = await run('google_sheets_read', { spreadsheet_id: 'missing-sheet', range: 'A1' });
    expect(body).toEqual({
      success: false,
      data: null,
      error: 'Failed to execute Google tool: Requested entity was not found.',
      requiresAuth: false,
    });
  });

  it('refreshes an expired access token by itself', async () => {
    fake.expireAccessTokens();
    const before = fake.tokenRequests.filter((request) => request.grantType === 'refresh_token').length;
    expect((await run('google_drive_list', {})).body.success).toBe(true);
    expect(fake.tokenRequests.filter((request) => request.grantType === 'refresh_token').length).toBe(
      before + 1,
    );
  });

  it('marks the account inactive and answers requiresAuth once Google revoked the grant', async () => {
    const other = await app.signedIn(await app.createUser());
    await connect(other);
    fake.revokeAllGrants();
    fake.expireAccessTokens();
    const { body } = await other.post('/api/google/voice-tools', {
      toolName: 'google_gmail_list',
      parameters: {},
    });
    expect(body).toMatchObject({ success: false, requiresAuth: true });
    expect((await other.get('/api/google/status')).body).toEqual({ authenticated: false });
    expect((await other.get('/api/google/accounts')).body).toEqual([
      expect.objectContaining({ isActive: false, connected: false }),
    ]);
  });

  it('answers requiresAuth naming the permission when the user unticked the scope a tool needs', async () => {
    const partial = await app.signedIn(await app.createUser());
    await connect(partial, ['https://www.googleapis.com/auth/gmail.readonly']);
    const { body } = await partial.post('/api/google/voice-tools', {
      toolName: 'google_gmail_list',
      parameters: {},
    });
    expect(body).toMatchObject({ success: false, requiresAuth: true });
    expect(body.error).toContain('read your Gmail');
    const calendar = await partial.post('/api/google/voice-tools', {
      toolName: 'google_calendar_list',
      parameters: { time_min: new Date(fake.today).toISOString() },
    });
    expect(calendar.body).toMatchObject({ success: true, requiresAuth: false });
    expect((await partial.get('/api/google/status')).body).toEqual({ authenticated: true });
  });

  it('treats a stored token that no longer decrypts (moved row, other key) as a lost grant', async () => {
    const moved = await app.signedIn(await app.createUser());
    await connect(moved);
    // Another user's ciphertext copied onto this row: bound to its owner, it must not decrypt here.
    await app.pool.query(
      `update google_account set refresh_token_cipher = (select refresh_token_cipher from google_account where user_id = $2 limit 1)
       where user_id = $1`,
      [moved.identity?.userId, client.identity?.userId],
    );
    const { body } = await moved.post('/api/google/voice-tools', {
      toolName: 'google_drive_list',
      parameters: {},
    });
    expect(body).toMatchObject({ success: false, requiresAuth: true });
    expect((await moved.get('/api/google/status')).body).toEqual({ authenticated: false });
  });

  it('answers requiresAuth for a user who never connected, and 401 signed out', async () => {
    const stranger = await app.signedIn(await app.createUser());
    const { body } = await stranger.post('/api/google/voice-tools', {
      toolName: 'google_search',
      parameters: { query: 'x' },
    });
    expect(body).toMatchObject({ success: false, requiresAuth: true });
    expect((await app.client().post('/api/google/voice-tools', { toolName: 'google_search' })).status).toBe(
      401,
    );
  });
});

describe('runToolForModel (server-side sessions)', () => {
  it('answers an unknown tool, bad parameters, a stranger and an unconfigured Google as the envelope', async () => {
    const em = app.orm.em.fork();
    em.setFilterParams('tenant', { tenantId: client.identity?.tenantId ?? '' });
    const owner = { tenantId: client.identity?.tenantId ?? '', userId: client.identity?.userId ?? '' };
    const google = googleServicesFor(app.config);
    expect(await runToolForModel(em, google, owner, 'google_nope', {})).toMatchObject({
      success: false,
      error: 'Unknown tool google_nope',
    });
    expect(
      await runToolForModel(em, google, owner, 'google_drive_list', '{"file_type":"zip"}'),
    ).toMatchObject({
      success: false,
      error: expect.stringContaining('parameters.file_type: file_type must be one of'),
    });
    const stranger = { ...owner, userId: '00000000-0000-4000-8000-000000000000' };
    expect(await runToolForModel(em, google, stranger, 'google_drive_list', {})).toMatchObject({
      requiresAuth: true,
    });
    expect(await runToolForModel(em, undefined, owner, 'google_drive_list', {})).toMatchObject({
      requiresAuth: true,
    });
  });
});
