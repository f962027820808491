import type { WorkspaceToolName, WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { ToolContext } from './google-apis.ts';
import { calendarCreate, calendarList, meetCreate } from './tools/calendar-tools.ts';
import { docsCreate } from './tools/docs-tools.ts';
import { driveCreate, driveList } from './tools/drive-tools.ts';
import { gmailList, gmailSend } from './tools/gmail-tools.ts';
import { googleSearch } from './tools/search-tool.ts';
import { sheetsRead, sheetsWrite } from './tools/sheets-tools.ts';

type ToolImplementations = {
  [N in WorkspaceToolName]: (context: ToolContext, params: WorkspaceToolParams[N]) => Promise<unknown>;
};

/** What each workspace tool does against Google; the parameters were validated by their schemas. */
export const GOOGLE_TOOL_IMPLEMENTATIONS: ToolImplementations = {
  google_search: googleSearch,
  google_calendar_list: calendarList,
  google_calendar_create: calendarCreate,
  google_gmail_list: gmailList,
  google_gmail_send: gmailSend,
  google_drive_list: driveList,
  google_drive_create: driveCreate,
  google_sheets_read: sheetsRead,
  google_sheets_write: sheetsWrite,
  google_docs_create: docsCreate,
  google_meet_create: meetCreate,
};
