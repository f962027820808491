/**
 * The least scopes the eleven tools need (README "Google scopes" says why each is there).
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
