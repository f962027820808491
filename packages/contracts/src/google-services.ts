const AUTH = 'https://www.googleapis.com/auth/';

/** One thing the assistant can do in Google Workspace, and the OAuth scope Google must grant for it. */
export type GoogleService = { id: string; name: string; description: string; scope: string };

/**
 * The services the Google page lists: exactly what the consent screen asks for (the API's GOOGLE_SCOPES,
 * less the sign-in scopes), each granted or not. Docs are created through `drive.file` and Meet links are
 * conferences on Calendar events, so neither has a scope (nor a row) of its own.
 */
export const GOOGLE_SERVICES: readonly GoogleService[] = [
  {
    id: 'gmail-read',
    name: 'Gmail: read',
    description: 'Read and search your mail',
    scope: `${AUTH}gmail.readonly`,
  },
  {
    id: 'gmail-send',
    name: 'Gmail: send',
    description: 'Send mail you asked for',
    scope: `${AUTH}gmail.send`,
  },
  {
    id: 'calendar',
    name: 'Calendar',
    description: 'See and add events, with Meet links',
    scope: `${AUTH}calendar.events`,
  },
  {
    id: 'drive-list',
    name: 'Drive: find files',
    description: 'See the names and links of your files, not their contents',
    scope: `${AUTH}drive.metadata.readonly`,
  },
  {
    id: 'drive-create',
    name: 'Drive: new files',
    description: 'Create documents and files, and open only those',
    scope: `${AUTH}drive.file`,
  },
  {
    id: 'sheets',
    name: 'Sheets',
    description: 'Read and update your spreadsheets',
    scope: `${AUTH}spreadsheets`,
  },
];
