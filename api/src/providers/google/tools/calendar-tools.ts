import { randomUUID } from 'node:crypto';
import type { WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { calendar_v3 } from '@googleapis/calendar';
import type { ToolContext } from '../google-apis.ts';
import { clip } from './clip.ts';

const WEEK_MS = 7 * 24 * 3_600_000;
const ATTENDEES_SHOWN = 10;

/** An event as the model reads it: title, times, place, people, and the links to open or join it. */
function eventSummary(event: calendar_v3.Schema$Event) {
  const meetLink =
    event.hangoutLink ??
    event.conferenceData?.entryPoints?.find((entry) => entry.entryPointType === 'video')?.uri ??
    null;
  return {
    id: event.id ?? '',
    summary: clip(event.summary ?? '(no title)', 300),
    start: event.start?.dateTime ?? event.start?.date ?? null,
    end: event.end?.dateTime ?? event.end?.date ?? null,
    location: event.location ? clip(event.location, 200) : null,
    attendees: (event.attendees ?? [])
      .slice(0, ATTENDEES_SHOWN)
      .flatMap((person) => (person.email ? [person.email] : [])),
    meetLink,
    link: event.htmlLink ?? null,
  };
}

/** google_calendar_list: events in the window (default: the coming week), soonest first. */
export async function calendarList(
  { apis, call, now }: ToolContext,
  params: WorkspaceToolParams['google_calendar_list'],
) {
  const timeMin = params.time_min ?? now().toISOString();
  const timeMax = params.time_max ?? new Date(Date.parse(timeMin) + WEEK_MS).toISOString();
  const { data } = await apis.calendar.events.list(
    {
      calendarId: 'primary',
      timeMin,
      timeMax,
      q: params.query,
      maxResults: params.max_results,
      singleEvents: true,
      orderBy: 'startTime',
    },
    call,
  );
  return { timeMin, timeMax, events: (data.items ?? []).map(eventSummary) };
}

/** google_calendar_create: invitations go out to the attendees. */
export async function calendarCreate(
  { apis, call }: ToolContext,
  params: WorkspaceToolParams['google_calendar_create'],
) {
  const { data } = await apis.calendar.events.insert(
    {
      calendarId: 'primary',
      sendUpdates: 'all',
      requestBody: {
        summary: params.summary,
        description: params.description,
        location: params.location,
        start: { dateTime: params.start_time },
        end: { dateTime: params.end_time },
        attendees: params.attendees?.map((email) => ({ email })),
      },
    },
    call,
  );
  return { event: eventSummary(data) };
}

// Meet conferences are created asynchronously: the insert may answer `pending`, so the event is read
// again (at once, then after these pauses) until the conference has its link or has failed.
export const CONFERENCE_RETRY_MS = [0, 200, 400, 800, 1_600];

const conferenceStatusOf = (event: calendar_v3.Schema$Event) =>
  event.conferenceData?.createRequest?.status?.statusCode ?? (event.hangoutLink ? 'success' : null);

/** google_meet_create: a Calendar event with a Meet conference request (Meet has no scheduling API of its own). */
export async function meetCreate(
  { apis, call }: ToolContext,
  params: WorkspaceToolParams['google_meet_create'],
) {
  const end = new Date(Date.parse(params.start_time) + params.duration_minutes * 60_000).toISOString();
  const { data } = await apis.calendar.events.insert(
    {
      calendarId: 'primary',
      sendUpdates: 'all',
      conferenceDataVersion: 1,
      requestBody: {
        summary: params.summary,
        start: { dateTime: params.start_time },
        end: { dateTime: end },
        attendees: params.attendees?.map((email) => ({ email })),
        conferenceData: {
          createRequest: { requestId: randomUUID(), conferenceSolutionKey: { type: 'hangoutsMeet' } },
        },
      },
    },
    call,
  );
  let event = data;
  for (const pause of CONFERENCE_RETRY_MS) {
    if (conferenceStatusOf(event) !== 'pending' || !event.id) break;
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    event = (await apis.calendar.events.get({ calendarId: 'primary', eventId: event.id }, call)).data;
  }
  return { event: eventSummary(event), conferenceStatus: conferenceStatusOf(event) };
}
