import { z } from 'zod';
import type { ToolDefinitions } from './tool-handlers.ts';
import { toolText } from './tool-params.ts';

/**
 * The workspace tools. Each schema is the ONE source for both the parameters the realtime model
 * is offered (via `workspaceRealtimeTools`) and the validation the server runs on the model's arguments.
 * Names carry the `google_` prefix the voice client routes to POST /api/google/voice-tools.
 */

/** Default result counts: a search answers 5; calendar, mail and file lists answer 10. */
export const GOOGLE_SEARCH_DEFAULT_RESULTS = 5;
export const GOOGLE_LIST_DEFAULT_RESULTS = 10;
const LIST_MAX_RESULTS = 50;

/** The file types Drive files can be listed by, and the ones a new file can have. */
export const DRIVE_LIST_FILE_TYPES = [
  'document',
  'spreadsheet',
  'presentation',
  'pdf',
  'image',
  'video',
  'any',
] as const;
export const DRIVE_CREATE_FILE_TYPES = ['document', 'spreadsheet', 'presentation'] as const;

const maxResults = (fallback: number) =>
  z
    .number({ error: 'max_results must be a number' })
    .int('max_results must be a whole number')
    .min(1, `max_results must be between 1 and ${LIST_MAX_RESULTS}`)
    .max(LIST_MAX_RESULTS, `max_results must be between 1 and ${LIST_MAX_RESULTS}`)
    .default(fallback)
    .describe(`How many results to return (default ${fallback})`);

const dateTime = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 date-time with a UTC offset` })
    .describe(`${field} as ISO 8601 with offset, e.g. 2026-11-23T15:00:00+00:00`);

const emailList = (field: string) =>
  z
    .array(z.email({ error: `${field} must be email addresses` }), { error: `${field} must be a list` })
    .max(50, `${field} may name at most 50 addresses`);

const spreadsheetId = toolText('spreadsheet_id', 200)
  .regex(/^[A-Za-z0-9_-]+$/, 'spreadsheet_id must be a Google spreadsheet id')
  .describe('The spreadsheet id (from its link or a Drive listing)');
const a1Range = toolText('range', 200).describe("An A1 range, e.g. Sheet1!A1:C10 or 'Q4 Budget'!B2:B20");

export const googleSearchParams = z
  .object({
    query: toolText('query', 500).describe('Words to find in mail and in Drive file names and contents'),
    max_results: maxResults(GOOGLE_SEARCH_DEFAULT_RESULTS),
  })
  .strict();

export const googleCalendarListParams = z
  .object({
    time_min: dateTime('time_min').optional().describe('Start of the window (default now)'),
    time_max: dateTime('time_max').optional().describe('End of the window (default 7 days after start)'),
    query: toolText('query', 200).optional().describe('Only events mentioning these words'),
    max_results: maxResults(GOOGLE_LIST_DEFAULT_RESULTS),
  })
  .strict();

export const googleCalendarCreateParams = z
  .object({
    summary: toolText('summary', 300).describe('Event title'),
    start_time: dateTime('start_time'),
    end_time: dateTime('end_time'),
    description: toolText('description', 5000).optional(),
    location: toolText('location', 300).optional(),
    attendees: emailList('attendees').optional().describe('Email addresses to invite'),
  })
  .strict()
  .refine((event) => event.end_time > event.start_time, {
    path: ['end_time'],
    message: 'end_time must be after start_time',
  });

export const googleGmailListParams = z
  .object({
    query: toolText('query', 500).optional().describe('Gmail search, e.g. from:alice subject:budget'),
    unread_only: z.boolean({ error: 'unread_only must be true or false' }).default(false),
    max_results: maxResults(GOOGLE_LIST_DEFAULT_RESULTS),
  })
  .strict();

export const googleGmailSendParams = z
  .object({
    to: emailList('to').min(1, 'to must name at least one address').describe('Recipients'),
    cc: emailList('cc').optional(),
    subject: toolText('subject', 500),
    body: toolText('body', 20_000).describe('Plain-text message body'),
  })
  .strict();

export const googleDriveListParams = z
  .object({
    query: toolText('query', 300).optional().describe('Words in the file name'),
    file_type: z
      .enum(DRIVE_LIST_FILE_TYPES, { error: `file_type must be one of ${DRIVE_LIST_FILE_TYPES.join(', ')}` })
      .default('any'),
    max_results: maxResults(GOOGLE_LIST_DEFAULT_RESULTS),
  })
  .strict();

export const googleDriveCreateParams = z
  .object({
    name: toolText('name', 300).describe('File name'),
    file_type: z.enum(DRIVE_CREATE_FILE_TYPES, {
      error: `file_type must be one of ${DRIVE_CREATE_FILE_TYPES.join(', ')}`,
    }),
  })
  .strict();

export const googleSheetsReadParams = z.object({ spreadsheet_id: spreadsheetId, range: a1Range }).strict();

export const googleSheetsWriteParams = z
  .object({
    spreadsheet_id: spreadsheetId,
    range: a1Range,
    values: z
      .array(
        z.array(z.union([z.string().max(5000), z.number(), z.boolean()]), {
          error: 'values must be rows of cells',
        }),
        { error: 'values must be a list of rows' },
      )
      .min(1, 'values must hold at least one row')
      .max(1000, 'values may hold at most 1000 rows')
      .describe('Rows of cell values, written as if typed by the user'),
  })
  .strict();

export const googleDocsCreateParams = z
  .object({
    title: toolText('title', 300),
    content: toolText('content', 50_000).optional().describe('Plain text to put in the new document'),
  })
  .strict();

export const googleMeetCreateParams = z
  .object({
    summary: toolText('summary', 300).describe('Meeting title'),
    start_time: dateTime('start_time'),
    duration_minutes: z
      .number({ error: 'duration_minutes must be a number' })
      .int('duration_minutes must be a whole number')
      .min(5, 'duration_minutes must be between 5 and 480')
      .max(480, 'duration_minutes must be between 5 and 480')
      .default(30),
    attendees: emailList('attendees').optional().describe('Email addresses to invite'),
  })
  .strict();

/**
 * Every workspace tool: its name, what the model is told it does, its parameters and its kind. All of
 * them read outside data, the ones that write too: they answer what Google returns (the event with its
 * attendees, the file, the sent message), which the model takes as third-party content.
 */
export const WORKSPACE_TOOLS = {
  google_search: {
    description: 'Search the executive’s Gmail and Google Drive at once.',
    parameters: googleSearchParams,
    kind: 'reads-outside-data',
  },
  google_calendar_list: {
    description: 'List upcoming Google Calendar events in a time window.',
    parameters: googleCalendarListParams,
    kind: 'reads-outside-data',
  },
  google_calendar_create: {
    description: 'Create a Google Calendar event and invite attendees.',
    parameters: googleCalendarCreateParams,
    kind: 'reads-outside-data',
  },
  google_gmail_list: {
    description: 'List recent Gmail messages (sender, subject, snippet, time).',
    parameters: googleGmailListParams,
    kind: 'reads-outside-data',
  },
  google_gmail_send: {
    description: 'Send a plain-text email from the executive’s Gmail.',
    parameters: googleGmailSendParams,
    kind: 'reads-outside-data',
  },
  google_drive_list: {
    description: 'List Google Drive files, optionally of one type or matching a name.',
    parameters: googleDriveListParams,
    kind: 'reads-outside-data',
  },
  google_drive_create: {
    description: 'Create an empty Google document, spreadsheet or presentation in Drive.',
    parameters: googleDriveCreateParams,
    kind: 'reads-outside-data',
  },
  google_sheets_read: {
    description: 'Read cell values from a Google Sheets range.',
    parameters: googleSheetsReadParams,
    kind: 'reads-outside-data',
  },
  google_sheets_write: {
    description: 'Write cell values into a Google Sheets range.',
    parameters: googleSheetsWriteParams,
    kind: 'reads-outside-data',
  },
  google_docs_create: {
    description: 'Create a Google Doc with a title and optional text.',
    parameters: googleDocsCreateParams,
    kind: 'reads-outside-data',
  },
  google_meet_create: {
    description: 'Schedule a Google Meet video call (a Calendar event with a Meet link).',
    parameters: googleMeetCreateParams,
    kind: 'reads-outside-data',
  },
} as const satisfies ToolDefinitions;

export type WorkspaceToolName = keyof typeof WORKSPACE_TOOLS;
export const WORKSPACE_TOOL_NAMES = Object.keys(WORKSPACE_TOOLS) as WorkspaceToolName[];
export type WorkspaceToolParams = {
  [N in WorkspaceToolName]: z.output<(typeof WORKSPACE_TOOLS)[N]['parameters']>;
};

/** Whether a name is one of the workspace tools. */
export function isWorkspaceToolName(name: string): name is WorkspaceToolName {
  return Object.hasOwn(WORKSPACE_TOOLS, name);
}

/** A function tool as the Realtime API's `session.tools` takes it. */
export type RealtimeFunctionTool = {
  type: 'function';
  name: string;
  description: string;
  parameters: Record<string, unknown>;
};

/** The workspace tools in the Realtime API's format, their JSON Schemas generated from the zod schemas. */
export function workspaceRealtimeTools(): RealtimeFunctionTool[] {
  return WORKSPACE_TOOL_NAMES.map((name) => {
    const { $schema: _dialect, ...parameters } = z.toJSONSchema(WORKSPACE_TOOLS[name].parameters, {
      io: 'input',
      unrepresentable: 'any',
    });
    return { type: 'function', name, description: WORKSPACE_TOOLS[name].description, parameters };
  });
}
