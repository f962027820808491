import type { WorkspaceToolName } from '@annie/contracts/workspace-tools';

/**
 * The least scopes the eleven tools need (docs/providers.md "Google" says why each is there).
 * Not asked: full `drive` (read and write of every file), `gmail.modify`, full `calendar`.
 */
export const GOOGLE_SCOPES = [
  // Who connected: the account's id, email, name and picture for the Connected Accounts card.
  'openid',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
  // google_gmail_list and the mail half of google_search.
  'https://www.googleapis.com/auth/gmail.readonly',
  // google_gmail_send: sending only, no reading or deleting through this scope.
  'https://www.googleapis.com/auth/gmail.send',
  // google_calendar_list/create and google_meet_create (a Meet link is a conference on an event).
  'https://www.googleapis.com/auth/calendar.events',
  // google_drive_list and the Drive half of google_search: names, types, links — not contents.
  'https://www.googleapis.com/auth/drive.metadata.readonly',
  // google_drive_create and google_docs_create: only files this app creates.
  'https://www.googleapis.com/auth/drive.file',
  // google_sheets_read/write on spreadsheets the executive already has.
  'https://www.googleapis.com/auth/spreadsheets',
] as const;

const AUTH = 'https://www.googleapis.com/auth/';

/** What each scope lets the tools do, in the words the user sees on Google's consent screen. */
const SCOPE_WORDS: Record<string, string> = {
  [`${AUTH}gmail.readonly`]: 'read your Gmail',
  [`${AUTH}gmail.send`]: 'send email on your behalf',
  [`${AUTH}calendar.events`]: 'view and edit your Calendar events',
  [`${AUTH}drive.metadata.readonly`]: 'see information about your Google Drive files',
  [`${AUTH}drive.file`]: 'create Google Drive files',
  [`${AUTH}spreadsheets`]: 'see and edit your Google Sheets',
};

/** The scopes each tool needs (all of them): with granular consent the user may have unticked any. */
export const TOOL_SCOPES: Record<WorkspaceToolName, string[]> = {
  google_search: [`${AUTH}gmail.readonly`, `${AUTH}drive.metadata.readonly`],
  google_calendar_list: [`${AUTH}calendar.events`],
  google_calendar_create: [`${AUTH}calendar.events`],
  google_gmail_list: [`${AUTH}gmail.readonly`],
  google_gmail_send: [`${AUTH}gmail.send`],
  google_drive_list: [`${AUTH}drive.metadata.readonly`],
  google_drive_create: [`${AUTH}drive.file`],
  google_sheets_read: [`${AUTH}spreadsheets`],
  google_sheets_write: [`${AUTH}spreadsheets`],
  google_docs_create: [`${AUTH}drive.file`],
  google_meet_create: [`${AUTH}calendar.events`],
};

/**
 * The scopes a tool needs that a grant lacks, given the grant's space-separated `scope` as Google
 * answered it. An empty `granted` (not recorded) counts as everything asked for.
 */
export function missingScopes(tool: WorkspaceToolName, granted: string): string[] {
  if (!granted.trim()) return [];
  const have = new Set(granted.split(/\s+/));
  return TOOL_SCOPES[tool].filter((scope) => !have.has(scope));
}

/** "Allow AnnieAI to …" naming the missing permissions, for the model to tell the user. */
export function grantRequest(missing: string[]): string {
  const words = missing.map((scope) => SCOPE_WORDS[scope] ?? scope);
  return `Google Workspace access was not granted for this: ask the user to connect their Google account again and, on Google's screen, allow AnnieAI to ${words.join(' and ')}.`;
}
