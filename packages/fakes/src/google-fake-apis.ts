import {
  FAKE_BUDGET_SHEET,
  FAKE_EVENTS,
  FAKE_FILES,
  FAKE_MESSAGES,
  type FakeAccount,
  type FakeFile,
  type FakeMessage,
  MIME,
} from './google-fake-data.ts';
import { parseDriveQuery } from './google-fake-drive-query.ts';
import type { FakeReply } from './google-fake-oauth.ts';

const HOUR = 3_600_000;
type Json = Record<string, unknown>;
export type ApiRequest = { method: string; path: string; query: URLSearchParams; body: unknown };

const googleError = (status: number, message: string, reason: string): FakeReply => ({
  status,
  json: { error: { code: status, message, status: reason, errors: [{ message, reason }] } },
});
// Drive's answer to files.list with both `orderBy` and a `fullText` term (results are by relevance only).
const FULL_TEXT_SORT =
  'Sorting is not supported for queries with fullText terms. Results are always in descending relevance order.';
const driveOrderByFullText: FakeReply = {
  status: 403,
  json: {
    error: {
      code: 403,
      message: FULL_TEXT_SORT,
      errors: [
        {
          message: FULL_TEXT_SORT,
          domain: 'global',
          reason: 'forbidden',
          location: 'orderBy',
          locationType: 'parameter',
        },
      ],
    },
  },
};
// Drive's answer to a `q` it cannot parse, or one that gives a term an operator it does not take.
const driveInvalidQuery: FakeReply = {
  status: 400,
  json: {
    error: {
      code: 400,
      message: 'Invalid Value',
      errors: [
        {
          domain: 'global',
          reason: 'invalid',
          message: 'Invalid Value',
          locationType: 'parameter',
          location: 'q',
        },
      ],
    },
  },
};
const ok = (json: unknown): FakeReply => ({ status: 200, json });
const contains = (haystack: string, needle: string) => haystack.toLowerCase().includes(needle.toLowerCase());

/** What the tools wrote, so tests can check it arrived. */
export type GoogleFakeWrites = {
  /** The mailbox the Gmail endpoints read, newest first (tests may add to it). */
  inbox: FakeMessage[];
  sentMail: { raw: string; decoded: string }[];
  events: Json[];
  files: FakeFile[];
  docs: Map<string, { title: string; text: string }>;
  sheets: Map<string, string[][]>;
};

/** Gmail, Calendar, Drive, Sheets and Docs: the endpoints the workspace tools call, on fixed data. */
export class GoogleFakeApis {
  readonly writes: GoogleFakeWrites = {
    inbox: FAKE_MESSAGES.map((message) => ({ ...message })),
    sentMail: [],
    events: FAKE_EVENTS.map((event) => ({ ...event })),
    files: FAKE_FILES.map((file) => ({ ...file })),
    docs: new Map(),
    sheets: new Map([['file-budget', FAKE_BUDGET_SHEET.map((row) => [...row])]]),
  };
  readonly #today: number;
  #nextId = 1;

  constructor(today: number) {
    this.#today = today;
  }

  /** Each endpoint: method, path pattern, and what answers it (captured path parts first). */
  readonly #routes: [string, RegExp, (parts: string[], request: ApiRequest, body: Json) => FakeReply][] = [
    ['GET', /^\/gmail\/v1\/users\/me\/messages$/, (_, { query }) => this.#listMessages(query)],
    ['GET', /^\/gmail\/v1\/users\/me\/messages\/([\w-]+)$/, ([id]) => this.#getMessage(id ?? '')],
    ['POST', /^\/gmail\/v1\/users\/me\/messages\/send$/, (_, __, body) => this.#sendMessage(body)],
    ['GET', /^\/calendar\/v3\/calendars\/primary\/events$/, (_, { query }) => this.#listEvents(query)],
    [
      'POST',
      /^\/calendar\/v3\/calendars\/primary\/events$/,
      (_, { query }, body) => this.#insertEvent(body, query),
    ],
    ['GET', /^\/calendar\/v3\/calendars\/primary\/events\/([\w-]+)$/, ([id]) => this.#getEvent(id ?? '')],
    ['GET', /^\/drive\/v3\/files$/, (_, { query }) => this.#listFiles(query)],
    [
      'POST',
      /^\/drive\/v3\/files$/,
      (_, __, body) => this.#createFile(String(body.name), String(body.mimeType)),
    ],
    [
      'GET',
      /^\/v4\/spreadsheets\/([\w-]+)\/values\/(.+)$/,
      ([id, range]) => this.#readValues(id ?? '', decodeURIComponent(range ?? '')),
    ],
    [
      'PUT',
      /^\/v4\/spreadsheets\/([\w-]+)\/values\/(.+)$/,
      ([id, range], _, body) => this.#writeValues(id ?? '', decodeURIComponent(range ?? ''), body),
    ],
    [
      'POST',
      /^\/v1\/documents$/,
      (_, __, body) => this.#createDoc(String(body.title ?? 'Untitled document')),
    ],
    [
      'POST',
      /^\/v1\/documents\/([\w-]+):batchUpdate$/,
      ([id], _, body) => this.#batchUpdateDoc(id ?? '', body),
    ],
  ];

  handle(request: ApiRequest, account: FakeAccount): FakeReply | undefined {
    if (request.method === 'GET' && request.path === '/oauth2/v2/userinfo') {
      const { sub, email, name, picture } = account;
      return ok({ id: sub, email, verified_email: true, name, picture });
    }
    for (const [method, pattern, answer] of this.#routes) {
      const match = request.method === method ? request.path.match(pattern) : null;
      if (match) return answer(match.slice(1), request, (request.body ?? {}) as Json);
    }
    return undefined;
  }

  #at(hoursFromToday: number) {
    return new Date(this.#today + hoursFromToday * HOUR).toISOString();
  }

  #listMessages(query: URLSearchParams): FakeReply {
    const words = (query.get('q') ?? '').split(/\s+/).filter(Boolean);
    const matches = this.writes.inbox.filter((message) =>
      words.every((word) => {
        if (word === 'is:unread') return message.unread;
        if (word.startsWith('from:')) return contains(message.from, word.slice(5));
        return contains(`${message.from} ${message.subject} ${message.snippet}`, word);
      }),
    );
    const max = Number(query.get('maxResults') ?? 100);
    const messages = matches.slice(0, max).map(({ id, threadId }) => ({ id, threadId }));
    return ok(messages.length ? { messages, resultSizeEstimate: matches.length } : { resultSizeEstimate: 0 });
  }

  #getMessage(id: string): FakeReply {
    const message = this.writes.inbox.find((candidate) => candidate.id === id);
    if (!message) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
    const date = new Date(this.#today - message.hoursAgo * HOUR);
    return ok({
      id,
      threadId: message.threadId,
      labelIds: message.unread ? ['INBOX', 'UNREAD'] : ['INBOX'],
      snippet: message.snippet,
      internalDate: String(date.getTime()),
      payload: {
        headers: [
          { name: 'From', value: message.from },
          { name: 'To', value: message.to },
          { name: 'Subject', value: message.subject },
          { name: 'Date', value: date.toUTCString() },
        ],
      },
    });
  }

  #sendMessage(body: Json): FakeReply {
    if (typeof body.raw !== 'string')
      return googleError(400, "'raw' RFC822 payload message string is required", 'invalidArgument');
    this.writes.sentMail.push({
      raw: body.raw,
      decoded: Buffer.from(body.raw, 'base64url').toString('utf8'),
    });
    const id = `sent-${this.#nextId++}`;
    return ok({ id, threadId: id, labelIds: ['SENT'] });
  }

  #eventDto(event: Json) {
    if (typeof event.startHour !== 'number') return event;
    const { startHour, durationMinutes, attendees, meetLink, ...rest } = event as Json & {
      startHour: number;
      durationMinutes: number;
      attendees: string[];
    };
    return {
      ...rest,
      status: 'confirmed',
      htmlLink: `https://calendar.google.com/event?eid=${String(event.id)}`,
      start: { dateTime: this.#at(startHour) },
      end: { dateTime: this.#at(startHour + durationMinutes / 60) },
      attendees: attendees.map((email) => ({ email, responseStatus: 'accepted' })),
      ...(meetLink ? { hangoutLink: meetLink } : {}),
    };
  }

  #listEvents(query: URLSearchParams): FakeReply {
    const from = Date.parse(query.get('timeMin') ?? '') || 0;
    const to = Date.parse(query.get('timeMax') ?? '') || Number.POSITIVE_INFINITY;
    const words = query.get('q') ?? '';
    const items = this.writes.events
      .map(
        (event) => this.#eventDto(event) as Json & { start: { dateTime: string }; end: { dateTime: string } },
      )
      .filter((event) => Date.parse(event.end.dateTime) > from && Date.parse(event.start.dateTime) < to)
      .filter((event) => !words || contains(JSON.stringify(event), words))
      .sort((a, b) => a.start.dateTime.localeCompare(b.start.dateTime))
      .slice(0, Number(query.get('maxResults') ?? 250));
    return ok({ kind: 'calendar#events', summary: 'primary', items });
  }

  /**
   * Conference creation is asynchronous: an insert asking for Meet answers `pending` without a link, and
   * the conference is ready once the event has been read this many times more (events.get).
   */
  conferencePendingReads = 1;
  /** How a pending conference ends: Google's `success` (with a link) or `failure`. */
  conferenceOutcome: 'success' | 'failure' = 'success';
  readonly #pendingConferences = new Map<string, number>();

  #getEvent(id: string): FakeReply {
    const event = this.writes.events.find((candidate) => candidate.id === id);
    if (!event) return googleError(404, 'Not Found', 'notFound');
    const left = this.#pendingConferences.get(id);
    if (left === undefined) return ok(this.#eventDto(event));
    if (left > 0) {
      this.#pendingConferences.set(id, left - 1);
      return ok(this.#eventDto(event));
    }
    this.#pendingConferences.delete(id);
    const request = (event.conferenceData as Json).createRequest as Json;
    if (this.conferenceOutcome === 'failure') {
      // Google gives up on the conference: the event stays, without a link.
      event.conferenceData = { createRequest: { ...request, status: { statusCode: 'failure' } } };
      return ok(this.#eventDto(event));
    }
    const hangoutLink = `https://meet.google.com/fak-${id.slice(-3).padStart(4, 'e')}-new`;
    Object.assign(event, {
      hangoutLink,
      conferenceData: {
        createRequest: { ...request, status: { statusCode: 'success' } },
        entryPoints: [{ entryPointType: 'video', uri: hangoutLink }],
        conferenceSolution: { key: { type: 'hangoutsMeet' }, name: 'Google Meet' },
        conferenceId: id.slice(-8),
      },
    });
    return ok(this.#eventDto(event));
  }

  #insertEvent(body: Json, query: URLSearchParams): FakeReply {
    const start = body.start as { dateTime?: string } | undefined;
    const end = body.end as { dateTime?: string } | undefined;
    if (!body.summary || !start?.dateTime || !end?.dateTime)
      return googleError(400, 'Missing time or summary', 'required');
    const id = `evt-new-${this.#nextId++}`;
    const wantsMeet = Boolean((body.conferenceData as Json | undefined)?.createRequest);
    if (wantsMeet && query.get('conferenceDataVersion') !== '1')
      return googleError(400, 'conferenceDataVersion=1 is required to create a conference', 'invalid');
    const event: Json = {
      ...body,
      id,
      status: 'confirmed',
      htmlLink: `https://calendar.google.com/event?eid=${id}`,
    };
    if (wantsMeet) {
      const request = (body.conferenceData as Json).createRequest as Json;
      event.conferenceData = { createRequest: { ...request, status: { statusCode: 'pending' } } };
      this.#pendingConferences.set(id, Math.max(0, this.conferencePendingReads - 1));
    } else delete event.conferenceData;
    this.writes.events.push(event);
    return ok(event);
  }

  #fileDto(file: FakeFile) {
    return {
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      modifiedTime: new Date(this.#today - file.hoursAgo * HOUR).toISOString(),
      webViewLink: `https://drive.google.com/file/d/${file.id}/view`,
    };
  }

  #listFiles(query: URLSearchParams): FakeReply {
    const parsed = parseDriveQuery(query.get('q') ?? '');
    if (!parsed) return driveInvalidQuery;
    const orderBy = query.get('orderBy');
    // Anywhere in the query, inside parentheses or beside an `or`, not only as the first clause.
    if (orderBy && parsed.terms.has('fullText')) return driveOrderByFullText;
    const files = this.writes.files.filter((file) => parsed.matches(file));
    if (orderBy === 'modifiedTime desc') files.sort((a, b) => a.hoursAgo - b.hoursAgo);
    const max = Number(query.get('pageSize') ?? 100);
    return ok({ files: files.slice(0, max).map((file) => this.#fileDto(file)) });
  }

  #createFile(name: string, mimeType: string): FakeReply {
    if (!Object.values<string>(MIME).includes(mimeType))
      return googleError(400, 'Invalid mime type', 'invalid');
    const file: FakeFile = { id: `file-new-${this.#nextId++}`, name, mimeType, hoursAgo: 0, text: '' };
    this.writes.files.push(file);
    if (mimeType === MIME.spreadsheet) this.writes.sheets.set(file.id, []);
    return ok(this.#fileDto(file));
  }

  #readValues(spreadsheetId: string, range: string): FakeReply {
    const sheet = this.writes.sheets.get(spreadsheetId);
    if (!sheet) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
    return ok({ range, majorDimension: 'ROWS', values: sheet });
  }

  #writeValues(spreadsheetId: string, range: string, body: Json): FakeReply {
    const sheet = this.writes.sheets.get(spreadsheetId);
    if (!sheet) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
    const values = body.values as unknown[][] | undefined;
    if (!Array.isArray(values)) return googleError(400, 'Invalid values', 'invalid');
    values.forEach((row, index) => {
      sheet[index] = row.map(String);
    });
    const cells = values.reduce((sum, row) => sum + row.length, 0);
    return ok({ spreadsheetId, updatedRange: range, updatedRows: values.length, updatedCells: cells });
  }

  #createDoc(title: string): FakeReply {
    const documentId = `doc-new-${this.#nextId++}`;
    this.writes.docs.set(documentId, { title, text: '' });
    this.writes.files.push({ id: documentId, name: title, mimeType: MIME.document, hoursAgo: 0, text: '' });
    return ok({ documentId, title, revisionId: 'rev-1' });
  }

  #batchUpdateDoc(documentId: string, body: Json): FakeReply {
    const doc = this.writes.docs.get(documentId);
    if (!doc) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
    for (const request of (body.requests as Json[] | undefined) ?? []) {
      const insert = request.insertText as { text?: string } | undefined;
      if (insert?.text) doc.text += insert.text;
    }
    return ok({ documentId, replies: [] });
  }
}
