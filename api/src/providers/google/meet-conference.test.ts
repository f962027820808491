import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GoogleWorkspace, type ToolGrant } from './google-workspace.ts';
import { startFakeGoogleProvider } from './testing/google-fake-provider.ts';
import { CONFERENCE_RETRY_MS } from './tools/calendar-tools.ts';

// A Meet conference Google has not finished by the last read, or has given up on: the event is kept and
// said to be without a link, in Google's own words, rather than waited on forever or reported as ready.
// The tool may take the whole retry schedule (3 s) here, so its timeout is the production default.
const { fake, oauth, connect } = await startFakeGoogleProvider({ toolTimeoutMs: 15_000 });
afterAll(() => fake.close());
const workspace = new GoogleWorkspace(oauth, () => new Date(fake.today));
let grant: ToolGrant;

beforeEach(async () => {
  const consent = await connect();
  grant = { key: 'meet', refreshToken: consent.refreshToken, onRefreshTokenRotated: async () => {} };
});
afterEach(() => {
  fake.setConferencePendingReads(0);
  fake.setConferenceOutcome('success');
});

type MeetResult = { event: { id: string; meetLink: string | null }; conferenceStatus: string | null };

async function createMeet(summary: string) {
  const before = fake.received.length;
  const meet = (await workspace.run(grant, 'google_meet_create', {
    summary,
    start_time: new Date(fake.today + 48 * 3_600_000).toISOString(),
    duration_minutes: 30,
  })) as MeetResult;
  const requests = fake.received.slice(before);
  const reads = requests.filter(
    (request) =>
      request.method === 'GET' && request.path === `/calendar/v3/calendars/primary/events/${meet.event.id}`,
  );
  const inserts = requests.filter(
    (request) => request.method === 'POST' && request.path === '/calendar/v3/calendars/primary/events',
  );
  return { meet, reads: reads.length, inserts: inserts.length };
}

describe('a Meet conference that is not ready', () => {
  it('still pending after every retry: the event is created once and answered as pending, without a link', async () => {
    fake.setConferencePendingReads(CONFERENCE_RETRY_MS.length + 5);
    const { meet, reads, inserts } = await createMeet('Never ready');
    expect(meet.conferenceStatus).toBe('pending');
    expect(meet.event.meetLink).toBeNull();
    expect(inserts).toBe(1);
    expect(reads).toBe(CONFERENCE_RETRY_MS.length);
    expect(fake.writes.events.filter((event) => event.summary === 'Never ready')).toHaveLength(1);
  });

  it('failed: answered as failure without a link, and not read again once Google said so', async () => {
    fake.setConferencePendingReads(1);
    fake.setConferenceOutcome('failure');
    const { meet, reads, inserts } = await createMeet('Failed conference');
    expect(meet.conferenceStatus).toBe('failure');
    expect(meet.event.meetLink).toBeNull();
    expect(inserts).toBe(1);
    expect(reads).toBe(2);
  });
});
