// Calls: the caller's call history (phone and browser) and ending a call (the simple call page's typed
// calls are typed-calls-routes.ts).
import { z } from 'zod';
import { callLogPageSchema, callLogQuerySchema } from './call-logs.ts';
import {
  callReadinessSchema,
  callSessionListQuerySchema,
  callSessionListSchema,
  endCallResponseSchema,
} from './calls.ts';
import { CALL_LIVE_EVENT } from './phone-calls.ts';
import { route } from './route.ts';
import { ENGINE_PROFILE_NOT_FOUND, engineComparisonQuerySchema, engineComparisonSchema } from './usage.ts';

/** A call that does not exist in the tenant or is not the caller's. */
export const CALL_NOT_FOUND = 'Call not found';

export const listCallSessions = route({
  method: 'get',
  path: '/api/call-sessions',
  summary: "The caller's call sessions (phone and browser), newest first, a page at a time",
  description:
    'Pages: `limit` (default 50, at most 100) sessions started before the session `before` (the id of the last one of the previous page). Each transcript is the stored lines, or the linked voice conversation’s messages.',
  access: 'signed-in',
  query: callSessionListQuerySchema,
  responses: { 200: { description: 'The call sessions', schema: callSessionListSchema } },
});

export const searchCallLogs = route({
  method: 'get',
  path: '/api/call-logs',
  summary: "The caller's calls filtered, searched and sorted, a page at a time, with counts (Call Logs)",
  description:
    'Filters: `direction`, `channel`, `contact` (name or digits of the number), `from`/`to` (start date, UTC, inclusive), `outcome` (ongoing, completed, no-conversation) and `q` (words said, over the transcripts). `sort`: newest (default), oldest, longest, shortest, costliest. `limit` calls from `offset`. Calls that ended within a second are left out unless `includeEmpty=true`; `emptyHidden` counts them.',
  access: 'signed-in',
  query: callLogQuerySchema,
  responses: { 200: { description: 'A page of calls with counts', schema: callLogPageSchema } },
});

export const exportCallLogsCsv = route({
  method: 'get',
  path: '/api/call-logs/export.csv',
  summary: 'The same calls as CSV (every match, at most 5,000), in the words Call Logs shows',
  access: 'signed-in',
  query: callLogQuerySchema,
  responses: { 200: { description: 'The calls as CSV', contentType: 'text/csv' } },
});

export const callEvents = route({
  method: 'get',
  path: '/api/call-sessions/events',
  summary: "A server-sent event stream of the signed-in user's calls",
  description: `\`${CALL_LIVE_EVENT}\` events carry \`{id, status?}\`: call session \`id\` was created or changed (its transcript, its end, a phone call's status). Only the user's own calls; \`resync\` means some may have been missed (read them again).`,
  access: 'signed-in',
  responses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
});

export const endCall = route({
  method: 'post',
  path: '/api/calls/:id/end',
  summary: 'End one of the caller’s calls (again: no change)',
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: CALL_NOT_FOUND,
  responses: { 200: { description: 'The call, ended', schema: endCallResponseSchema } },
});

export const getCallReadiness = route({
  method: 'get',
  path: '/api/calls/readiness',
  summary: 'Whether a new call may start now, and if not why, in words for the executive',
  description:
    "`callsPaused` is true while the month's usage budget is spent and the tenant's hard stop is on; `notice` then names the budget and who can lift it.",
  access: 'signed-in',
  responses: { 200: { description: 'Whether calls may start', schema: callReadinessSchema } },
});

export const getEngineComparison = route({
  method: 'get',
  path: '/api/call-sessions/engines',
  summary: "Realtime and GPT-Live side by side over a voice profile's measured calls",
  description:
    'Calls of the voice profile `profileId` (default: the default profile) started between `from` and `to` (UTC dates, inclusive; default the last 30 days) whose figures the server measured: calls, minutes, median and p95 response time, interruptions per minute, tool runs and failures, cost per minute in the tenant’s currency.',
  access: 'admin',
  query: engineComparisonQuerySchema,
  responses: { 200: { description: 'The two engines compared', schema: engineComparisonSchema } },
  errors: { 404: ENGINE_PROFILE_NOT_FOUND },
});
