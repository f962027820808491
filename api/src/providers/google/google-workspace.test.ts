import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { GoogleToolError, GoogleWorkspace, type ToolGrant } from './google-workspace.ts';
import { startFakeGoogleProvider } from './testing/google-fake-provider.ts';
import { listFiles } from './tools/drive-tools.ts';

const { fake, oauth, connect } = await startFakeGoogleProvider({ toolTimeoutMs: 500 });
afterAll(() => fake.close());

const workspace = new GoogleWorkspace(oauth, () => new Date(fake.today));
let grant: ToolGrant;
let grants = 0;

beforeEach(async () => {
  fake.delayApis(0);
  const consent = await connect();
  grants += 1;
  grant = {
    key: `grant-${grants}`,
    refreshToken: consent.refreshToken,
    onRefreshTokenRotated: async () => {},
  };
});

const day = (hours: number) => new Date(fake.today + hours * 3_600_000).toISOString();

describe('GoogleWorkspace tools against the Google fake', () => {
  it('lists unread mail compactly, newest first', async () => {
    const result = (await workspace.run(grant, 'google_gmail_list', {
      unread_only: true,
      max_results: 10,
    })) as {
      messages: { subject: string; from: string; unread: boolean; date: string }[];
    };
    expect(result.messages.map((message) => message.subject)).toEqual([
      'Q4 budget review',
      'Board meeting agenda',
    ]);
    expect(result.messages[0]).toMatchObject({ from: 'Marcus Webb <marcus.webb@example.com>', unread: true });
    expect(fake.received.at(-1)?.query.get('format')).toBe('metadata');
  });

  it("reads a long mail list a few messages at a time, within Gmail's per-user concurrency limit", async () => {
    const extra = Array.from({ length: 15 }, (_, index) => ({
      id: `msg-bulk-${index}`,
      threadId: `thr-bulk-${index}`,
      from: 'Bulk Sender <bulk@example.com>',
      to: 'eleanor@example.com',
      subject: `Bulk notice ${index}`,
      snippet: 'A notice.',
      unread: false,
      hoursAgo: 100 + index,
    }));
    fake.writes.inbox.push(...extra);
    try {
      const before = fake.received.length;
      const result = (await workspace.run(grant, 'google_gmail_list', {
        query: 'notice',
        unread_only: false,
        max_results: 50,
      })) as {
        messages: { subject: string }[];
      };
      expect(result.messages.map((message) => message.subject)).toEqual(extra.map((each) => each.subject));
      const gets = fake.received.slice(before).filter((request) => request.path.includes('/messages/'));
      expect(gets.map((request) => request.status).filter((status) => status !== 200)).toEqual([]);
    } finally {
      fake.writes.inbox.splice(-extra.length);
    }
  });

  it('sends a plain-text mail Gmail can read, with a non-ASCII subject encoded', async () => {
    await workspace.run(grant, 'google_gmail_send', {
      to: ['priya.nair@example.com'],
      subject: 'Agenda – final',
      body: 'Thursday at 10.',
    });
    const sent = fake.writes.sentMail.at(-1)?.decoded ?? '';
    expect(sent).toContain('To: priya.nair@example.com');
    expect(sent).toContain('Subject: =?UTF-8?B?');
    expect(sent).toContain(Buffer.from('Thursday at 10.').toString('base64'));
  });

  it('lists the coming week of events and creates events and Meet calls', async () => {
    const list = (await workspace.run(grant, 'google_calendar_list', { max_results: 10 })) as {
      events: { summary: string; meetLink: string | null }[];
    };
    expect(list.events.map((event) => event.summary)).toEqual([
      'Weekly leadership sync',
      'Supplier call: glycerin pricing',
      'Board meeting',
    ]);
    const created = (await workspace.run(grant, 'google_calendar_create', {
      summary: 'Budget follow-up',
      start_time: day(48 + 15),
      end_time: day(48 + 16),
      attendees: ['marcus.webb@example.com'],
    })) as { event: { summary: string; attendees: string[] } };
    expect(created.event).toMatchObject({
      summary: 'Budget follow-up',
      attendees: ['marcus.webb@example.com'],
    });
    const meet = (await workspace.run(grant, 'google_meet_create', {
      summary: 'Investor call',
      start_time: day(30),
      duration_minutes: 45,
    })) as { event: { meetLink: string; start: string; end: string } };
    expect(meet.event.meetLink).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(Date.parse(meet.event.end) - Date.parse(meet.event.start)).toBe(45 * 60_000);
    const insert = fake.received.findLast(
      (request) => request.method === 'POST' && request.path.endsWith('/events'),
    );
    expect(insert?.query.get('conferenceDataVersion')).toBe('1');
  });

  it('reads a Meet link that is still pending at insert from the event, once the conference is ready', async () => {
    fake.setConferencePendingReads(1);
    try {
      const before = fake.received.length;
      const meet = (await workspace.run(grant, 'google_meet_create', {
        summary: 'Pending conference',
        start_time: day(40),
        duration_minutes: 30,
      })) as { event: { id: string; meetLink: string | null }; conferenceStatus: string };
      expect(meet.conferenceStatus).toBe('success');
      expect(meet.event.meetLink).toMatch(/^https:\/\/meet\.google\.com\//);
      const reads = fake.received.slice(before).filter((request) => request.method === 'GET');
      expect(reads.map((request) => request.path)).toEqual(
        Array(2).fill(`/calendar/v3/calendars/primary/events/${meet.event.id}`),
      );
    } finally {
      fake.setConferencePendingReads(0);
    }
  });

  it('lists Drive files by type, creates files and Docs, and searches mail and Drive at once', async () => {
    const pdfs = (await workspace.run(grant, 'google_drive_list', { file_type: 'pdf', max_results: 10 })) as {
      files: { name: string }[];
    };
    expect(pdfs.files.map((file) => file.name)).toEqual(['Glycerin safety data sheet.pdf']);
    const sheet = (await workspace.run(grant, 'google_drive_create', {
      name: 'Forecast',
      file_type: 'spreadsheet',
    })) as {
      file: { id: string; type: string };
    };
    expect(sheet.file.type).toBe('spreadsheet');
    const doc = (await workspace.run(grant, 'google_docs_create', {
      title: 'Minutes',
      content: 'Agreed: hire two.',
    })) as {
      document: { id: string };
    };
    expect(fake.writes.docs.get(doc.document.id)).toEqual({ title: 'Minutes', text: 'Agreed: hire two.' });
    const search = (await workspace.run(grant, 'google_search', { query: 'budget', max_results: 5 })) as {
      messages: { subject: string }[];
      files: { name: string }[];
    };
    expect(search.messages.map((message) => message.subject)).toEqual(['Q4 budget review']);
    expect(search.files.map((file) => file.name)).toEqual(['Q4 Budget']);
  });

  it('searches Drive by full text without orderBy, which Drive refuses with fullText (403)', async () => {
    const search = (await workspace.run(grant, 'google_search', { query: 'glycerin', max_results: 5 })) as {
      files: { name: string }[];
    };
    expect(search.files.length).toBeGreaterThan(0);
    const driveList = fake.received.findLast((request) => request.path === '/drive/v3/files');
    expect(driveList?.query.get('q')).toContain('fullText contains');
    expect(driveList?.query.has('orderBy')).toBe(false);
    const listed = (await workspace.run(grant, 'google_drive_list', {
      file_type: 'any',
      max_results: 5,
    })) as {
      files: { name: string }[];
    };
    expect(listed.files.length).toBeGreaterThan(0);
    const plainList = fake.received.findLast((request) => request.path === '/drive/v3/files');
    expect(plainList?.query.get('orderBy')).toBe('modifiedTime desc');
  });

  it('lists Drive files by relevance when fullText is one side of an or, which Drive would refuse to sort', async () => {
    const { googleApis } = await import('./google-apis.ts');
    const auth = await oauth.client({ refresh_token: grant.refreshToken }, () => {});
    const context = {
      apis: googleApis(auth, `${fake.url}/`),
      call: { signal: AbortSignal.timeout(5_000) },
      now: () => new Date(fake.today),
    };
    const files = await listFiles(context, ["(name contains 'budget' or fullText contains 'glycerin')"], 5);
    expect(files.map((file) => file.name)).toEqual(['Q4 Budget', 'Glycerin safety data sheet.pdf']);
    const request = fake.received.findLast((each) => each.path === '/drive/v3/files');
    expect(request?.query.has('orderBy')).toBe(false);
  });

  it("refuses a tool whose scope was not granted, by the recorded scope or by Google's 403", async () => {
    const start = await oauth.startConsent();
    const back = new URL(
      await fake.consent(start.authUrl, 'allow', ['https://www.googleapis.com/auth/gmail.readonly']),
    );
    const consent = await oauth.finishConsent(back.searchParams.get('code') ?? '', start.codeVerifier);
    expect(consent.scope).not.toContain('gmail.readonly');
    const partial = { ...grant, key: 'partial', refreshToken: consent.refreshToken };
    const refused = { kind: 'insufficient_scope', message: expect.stringContaining('read your Gmail') };
    await expect(
      workspace.run({ ...partial, scope: consent.scope }, 'google_gmail_list', {
        unread_only: false,
        max_results: 5,
      }),
    ).rejects.toMatchObject(refused);
    // A grant recorded without its scope still learns it from Google's answer.
    await expect(
      workspace.run(partial, 'google_gmail_list', { unread_only: false, max_results: 5 }),
    ).rejects.toMatchObject(refused);
  });

  it('reads and writes spreadsheet values', async () => {
    const read = (await workspace.run(grant, 'google_sheets_read', {
      spreadsheet_id: 'file-budget',
      range: 'Sheet1!A1:C4',
    })) as {
      rows: string[][];
    };
    expect(read.rows[1]).toEqual(['Marketing', '120000', '110400']);
    const write = await workspace.run(grant, 'google_sheets_write', {
      spreadsheet_id: 'file-budget',
      range: 'Sheet1!A1:B1',
      values: [['Line', 'Target']],
    });
    expect(write).toMatchObject({ updatedRows: 1, updatedCells: 2 });
  });
});

describe('GoogleWorkspace grants and failures', () => {
  it('uses one access token across calls, and refreshes when Google says it expired', async () => {
    await workspace.run(grant, 'google_drive_list', { file_type: 'any', max_results: 1 });
    const refreshes = () =>
      fake.tokenRequests.filter((request) => request.grantType === 'refresh_token').length;
    const before = refreshes();
    await workspace.run(grant, 'google_drive_list', { file_type: 'any', max_results: 1 });
    expect(refreshes()).toBe(before);
    fake.expireAccessTokens();
    await workspace.run(grant, 'google_drive_list', { file_type: 'any', max_results: 1 });
    expect(refreshes()).toBe(before + 1);
  });

  /** One tool run while the fake rotates refresh tokens; the tokens the grant was handed back. */
  async function runWhileGoogleRotates() {
    const saved: string[] = [];
    const rotating = { ...grant, onRefreshTokenRotated: async (token: string) => void saved.push(token) };
    fake.rotateRefreshTokens(true);
    try {
      await workspace.run(rotating, 'google_drive_list', { file_type: 'any', max_results: 1 });
    } finally {
      fake.rotateRefreshTokens(false);
    }
    return { saved, rotating };
  }

  it('hands back a refresh token Google rotated, and refreshes with it from then on', async () => {
    const { saved, rotating } = await runWhileGoogleRotates();
    const [rotated = ''] = saved;
    expect(saved).toHaveLength(1);
    expect([fake.isGrantActive(grant.refreshToken), fake.isGrantActive(rotated)]).toEqual([false, true]);
    fake.expireAccessTokens();
    await workspace.run({ ...rotating, refreshToken: rotated }, 'google_drive_list', {
      file_type: 'any',
      max_results: 1,
    });
    expect(fake.tokenRequests.at(-1)?.params.refresh_token).toBe(rotated);
    expect(saved).toHaveLength(1);
  });

  it('serves a caller that still holds the rotated-out token, and tells it the new one', async () => {
    const { saved, rotating } = await runWhileGoogleRotates();
    fake.expireAccessTokens();
    const stale = await workspace.run(rotating, 'google_drive_list', { file_type: 'any', max_results: 1 });
    expect(stale).toHaveProperty('files');
    expect(saved).toEqual([saved[0], saved[0]]);
  });

  it('reports a revoked grant as invalid_grant', async () => {
    fake.revokeAllGrants();
    const failure = await workspace
      .run(grant, 'google_gmail_list', { unread_only: false, max_results: 3 })
      .catch((error) => error);
    expect(failure).toBeInstanceOf(GoogleToolError);
    expect((failure as GoogleToolError).kind).toBe('invalid_grant');
  });

  it('reports Google errors with Google’s message, and a slow Google as a timeout', async () => {
    const missing = await workspace
      .run(grant, 'google_sheets_read', { spreadsheet_id: 'no-such-sheet', range: 'A1' })
      .catch((error) => error);
    expect(missing).toMatchObject({ kind: 'google', message: 'Requested entity was not found.' });
    fake.delayApis(2_000);
    const slow = await workspace
      .run(grant, 'google_drive_list', { file_type: 'any', max_results: 1 })
      .catch((error) => error);
    expect(slow).toMatchObject({ kind: 'timeout' });
  });
});
