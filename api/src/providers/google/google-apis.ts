import { calendar, type calendar_v3 } from '@googleapis/calendar';
import { docs, type docs_v1 } from '@googleapis/docs';
import { drive, type drive_v3 } from '@googleapis/drive';
import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { sheets, type sheets_v4 } from '@googleapis/sheets';
import type { OAuth2Client } from 'google-auth-library';

/** The five API clients a tool may use, made on first use. */
export type GoogleApis = {
  readonly gmail: gmail_v1.Gmail;
  readonly calendar: calendar_v3.Calendar;
  readonly drive: drive_v3.Drive;
  readonly sheets: sheets_v4.Sheets;
  readonly docs: docs_v1.Docs;
};

/** What every tool receives: the clients, per-call options (abort signal), and the clock. */
export type ToolContext = {
  apis: GoogleApis;
  /** Passed as each call's options, so a timed-out tool stops its requests. */
  call: { signal: AbortSignal };
  now: () => Date;
};

/**
 * Clients for one user's grant. `rootUrl` is given to EACH API (the global option does not reroute the
 * per-API packages), so tests reach the fake and production each API's own host.
 */
export function googleApis(auth: OAuth2Client, rootUrl: string | undefined): GoogleApis {
  const options = { auth, rootUrl };
  const made = new Map<keyof GoogleApis, unknown>();
  const once = <K extends keyof GoogleApis>(name: K, make: () => GoogleApis[K]): GoogleApis[K] => {
    if (!made.has(name)) made.set(name, make());
    return made.get(name) as GoogleApis[K];
  };
  return {
    get gmail() {
      return once('gmail', () => gmail({ version: 'v1', ...options }));
    },
    get calendar() {
      return once('calendar', () => calendar({ version: 'v3', ...options }));
    },
    get drive() {
      return once('drive', () => drive({ version: 'v3', ...options }));
    },
    get sheets() {
      return once('sheets', () => sheets({ version: 'v4', ...options }));
    },
    get docs() {
      return once('docs', () => docs({ version: 'v1', ...options }));
    },
  };
}
