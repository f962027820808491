import {
  CALL_LOG_CSV_HEADERS,
  CHANNEL_WORDS,
  DIRECTION_WORDS,
  durationWords,
  OUTCOME_WORDS,
  outcomeOf,
} from '@annie/contracts/call-log-words';
import type { CallSessionDto } from '@annie/contracts/calls';
import { toolDoneWords } from '@annie/contracts/tool-words';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, -, @ is neutralised. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The number for humans: national format in its own country, international elsewhere. */
function numberWords(e164: string | null): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}

/** Call Logs as CSV, in the screen's words (Phone/Browser/Typed, Inbound/Outbound, m:ss, tools in words). */
export function callLogsCsv(sessions: readonly CallSessionDto[]): string {
  const rows = sessions.map((session) => {
    const phone = session.channel === 'twilio';
    const contact = phone ? (session.contactName ?? 'Caller') : 'You';
    const cost = session.figures?.cost ?? null;
    const transcript = session.transcript
      .map((line) => `${line.role === 'assistant' ? 'Assistant' : contact}: ${line.content}`)
      .join('\n');
    return [
      session.startedAt.replace('T', ' ').slice(0, 19),
      phone && session.direction ? DIRECTION_WORDS[session.direction] : '',
      contact,
      numberWords(session.callerId),
      CHANNEL_WORDS[session.channel],
      OUTCOME_WORDS[outcomeOf(session)],
      durationWords(session.startedAt, session.endedAt),
      cost ? cost.amount.toFixed(4) : '',
      cost ? cost.currency : '',
      session.purpose ?? '',
      (session.figures?.tools ?? []).map((tool) => toolDoneWords(tool.name)).join('; '),
      transcript,
    ]
      .map(field)
      .join(',');
  });
  return `${[CALL_LOG_CSV_HEADERS.join(','), ...rows].join('\r\n')}\r\n`;
}
