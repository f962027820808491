/**
 * The Google fake's deterministic mailbox, calendar, Drive and spreadsheets. Times are laid out from a
 * fixed day (the fake's `today`, midnight UTC) so "upcoming" queries find the same events on every run.
 */

export type FakeAccount = { sub: string; email: string; name: string; picture: string };

export const FAKE_GOOGLE_ACCOUNT: FakeAccount = {
  sub: '108000000000000000001',
  email: 'eleanor.hart@example.com',
  name: 'Eleanor Hart',
  picture: 'https://lh3.googleusercontent.com/a/eleanor-hart',
};

/** A second account of the same person: the consent page offers it as "Use another account". */
export const FAKE_GOOGLE_BOARD_ACCOUNT: FakeAccount = {
  sub: '108000000000000000002',
  email: 'e.hart@board.example.com',
  name: 'E. Hart (board)',
  picture: 'https://lh3.googleusercontent.com/a/e-hart-board',
};

export type FakeMessage = {
  id: string;
  threadId: string;
  from: string;
  to: string;
  subject: string;
  snippet: string;
  unread: boolean;
  /** Hours before `today`. */
  hoursAgo: number;
};

export const FAKE_MESSAGES: FakeMessage[] = [
  {
    id: 'msg-001',
    threadId: 'thr-001',
    from: 'Marcus Webb <marcus.webb@example.com>',
    to: FAKE_GOOGLE_ACCOUNT.email,
    subject: 'Q4 budget review',
    snippet: 'Attached the revised Q4 budget; the marketing line is down 8%.',
    unread: true,
    hoursAgo: 2,
  },
  {
    id: 'msg-002',
    threadId: 'thr-002',
    from: 'Priya Nair <priya.nair@example.com>',
    to: FAKE_GOOGLE_ACCOUNT.email,
    subject: 'Board meeting agenda',
    snippet: 'Draft agenda for Thursday: results, hiring plan, supplier audit.',
    unread: true,
    hoursAgo: 5,
  },
  {
    id: 'msg-003',
    threadId: 'thr-003',
    from: 'Lab Team <lab@example.com>',
    to: FAKE_GOOGLE_ACCOUNT.email,
    subject: 'Green score results for hand wash v3',
    snippet: 'The sulfate-free hand wash scored 84, above the 80 target.',
    unread: false,
    hoursAgo: 26,
  },
  {
    id: 'msg-004',
    threadId: 'thr-004',
    from: 'Daniel Osei <daniel.osei@example.com>',
    to: FAKE_GOOGLE_ACCOUNT.email,
    subject: 'Supplier contract renewal',
    snippet: 'Glycerin supplier renewal is due on the 30th; terms unchanged.',
    unread: false,
    hoursAgo: 50,
  },
];

export type FakeEvent = {
  id: string;
  summary: string;
  location?: string;
  /** Hours after `today` (midnight UTC). */
  startHour: number;
  durationMinutes: number;
  attendees: string[];
  meetLink?: string;
};

export const FAKE_EVENTS: FakeEvent[] = [
  {
    id: 'evt-001',
    summary: 'Weekly leadership sync',
    location: 'Board room',
    startHour: 24 + 9,
    durationMinutes: 60,
    attendees: ['priya.nair@example.com', 'marcus.webb@example.com'],
  },
  {
    id: 'evt-002',
    summary: 'Supplier call: glycerin pricing',
    startHour: 24 + 14,
    durationMinutes: 30,
    attendees: ['daniel.osei@example.com'],
    meetLink: 'https://meet.google.com/abc-defg-hij',
  },
  {
    id: 'evt-003',
    summary: 'Board meeting',
    location: 'Head office',
    startHour: 72 + 10,
    durationMinutes: 120,
    attendees: ['priya.nair@example.com'],
  },
];

export const MIME = {
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  pdf: 'application/pdf',
  png: 'image/png',
  mp4: 'video/mp4',
} as const;

export type FakeFile = { id: string; name: string; mimeType: string; hoursAgo: number; text: string };

export const FAKE_FILES: FakeFile[] = [
  {
    id: 'file-budget',
    name: 'Q4 Budget',
    mimeType: MIME.spreadsheet,
    hoursAgo: 3,
    text: 'budget marketing',
  },
  { id: 'file-agenda', name: 'Board agenda', mimeType: MIME.document, hoursAgo: 6, text: 'agenda board' },
  {
    id: 'file-deck',
    name: 'Investor update deck',
    mimeType: MIME.presentation,
    hoursAgo: 30,
    text: 'investor',
  },
  {
    id: 'file-msds',
    name: 'Glycerin safety data sheet.pdf',
    mimeType: MIME.pdf,
    hoursAgo: 80,
    text: 'glycerin supplier',
  },
  { id: 'file-logo', name: 'Logo.png', mimeType: MIME.png, hoursAgo: 200, text: '' },
  { id: 'file-demo', name: 'Product demo.mp4', mimeType: MIME.mp4, hoursAgo: 300, text: '' },
];

/** Cell values of the spreadsheet `file-budget`, sheet "Sheet1", starting at A1. */
export const FAKE_BUDGET_SHEET: string[][] = [
  ['Line', 'Q3', 'Q4'],
  ['Marketing', '120000', '110400'],
  ['Research', '240000', '252000'],
  ['Operations', '90000', '91500'],
];

/** Midnight UTC of the day the fake started (or of the `now` it was given). */
export function startOfDayUtc(now: number): number {
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}
