import type { CallSessionDto } from '@annie/contracts/calls';
import { type StubRoutes, stubFetch } from './fetch-stub.ts';

/** A call session as GET /api/call-sessions lists it: an ended web call unless told otherwise (tests only). */
export function callSession(overrides: Partial<CallSessionDto> & Pick<CallSessionDto, 'id'>): CallSessionDto {
  return {
    channel: 'web',
    direction: null,
    startedAt: '2026-01-05T15:04:00.000Z',
    endedAt: '2026-01-05T15:06:05.000Z',
    callerId: null,
    contactName: null,
    purpose: null,
    transcript: [],
    figures: null,
    ...overrides,
  };
}

/** `count` ended web calls, newest first, with ids …0001, …0002 (tests only). */
export function callSessions(count: number): CallSessionDto[] {
  return Array.from({ length: count }, (_, index) =>
    callSession({
      id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      startedAt: new Date(Date.UTC(2026, 0, 5, 15, 0) - index * 60_000).toISOString(),
      endedAt: new Date(Date.UTC(2026, 0, 5, 15, 1) - index * 60_000).toISOString(),
    }),
  );
}

/** The id a call started through the stub gets. */
export const NEW_CALL_ID = '7a1e0c52-3c1d-4f7e-9b5a-0d6c1e2f3a4b';

type CallsApi = {
  sessions?: CallSessionDto[];
  /** The assistant's reply, or a function of the message giving it. */
  reply?: string | ((message: string) => string);
  startStatus?: number;
  endStatus?: number;
  assistStatus?: number;
  /** GET /api/calls/readiness's notice: calls are paused (the budget's hard stop) with these words. */
  pausedNotice?: string;
};

const failure = (status: number) => ({ status, body: { message: 'Failed', code: 'failed' } });

/** The calls endpoints over an in-memory history, paged with limit/before like the API (tests only). */
export function callsRoutes(api: CallsApi = {}): StubRoutes {
  const sessions = api.sessions ?? [];
  return {
    'GET /api/call-sessions': ({ query }) => {
      const limit = Number(query.get('limit') ?? 50);
      const before = query.get('before');
      const start = before ? sessions.findIndex((session) => session.id === before) + 1 : 0;
      if (before && start === 0) return { status: 200, body: [] };
      return { status: 200, body: sessions.slice(start, start + limit) };
    },
    // Call Logs over the same sessions: the search (q) over the lines, the page by limit and offset, the
    // 0-second calls counted as the API does. Other filters are the API's (tested there).
    'GET /api/call-logs': ({ query }) => {
      const q = query.get('q')?.toLowerCase();
      const limit = Number(query.get('limit') ?? 20);
      const offset = Number(query.get('offset') ?? 0);
      const empty = (session: CallSessionDto) =>
        session.endedAt !== null && Date.parse(session.endedAt) - Date.parse(session.startedAt) < 1000;
      const matched = sessions.filter(
        (session) => !q || session.transcript.some((line) => line.content.toLowerCase().includes(q)),
      );
      const kept = query.get('includeEmpty') === 'true' ? matched : matched.filter((each) => !empty(each));
      return {
        status: 200,
        body: {
          total: kept.length,
          emptyHidden: matched.length - kept.length,
          sessions: kept.slice(offset, offset + limit),
        },
      };
    },
    'GET /api/calls/readiness': {
      status: 200,
      body: { callsPaused: api.pausedNotice !== undefined, notice: api.pausedNotice ?? null },
    },
    'POST /api/calls/start': () =>
      api.startStatus ? failure(api.startStatus) : { status: 201, body: { id: NEW_CALL_ID } },
    'POST /api/calls/:id/end': ({ params }) =>
      api.endStatus
        ? failure(api.endStatus)
        : { status: 200, body: { id: params.id, endedAt: '2026-01-05T15:10:00.000Z' } },
    'POST /api/voice/assist': ({ body }) => {
      if (api.assistStatus) return failure(api.assistStatus);
      const { message } = body as { message: string };
      const reply = typeof api.reply === 'function' ? api.reply(message) : (api.reply ?? 'Certainly.');
      return { status: 200, body: { response: reply } };
    },
  };
}

/** Stubs fetch with the calls endpoints (tests only). */
export function stubCallsApi(api: CallsApi = {}) {
  return stubFetch(callsRoutes(api));
}
