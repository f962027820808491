import { describe, expect, it } from 'vitest';
import {
  googleCalendarCreateParams,
  googleDriveListParams,
  googleGmailListParams,
  googleSearchParams,
  isWorkspaceToolName,
  WORKSPACE_TOOL_NAMES,
  WORKSPACE_TOOLS,
  workspaceRealtimeTools,
} from './workspace-tools.ts';

describe('workspace tool schemas', () => {
  it('all have the google_ prefix the voice client routes to voice-tools', () => {
    expect(WORKSPACE_TOOL_NAMES).toEqual(Object.keys(WORKSPACE_TOOLS));
    expect(WORKSPACE_TOOL_NAMES.every((name) => name.startsWith('google_'))).toBe(true);
    expect(isWorkspaceToolName('google_gmail_send')).toBe(true);
    expect(isWorkspaceToolName('toString')).toBe(false);
  });

  it('apply the defaults: search 5, lists 10, unread_only false, any file type', () => {
    expect(googleSearchParams.parse({ query: 'budget' }).max_results).toBe(5);
    expect(googleGmailListParams.parse({})).toEqual({ unread_only: false, max_results: 10 });
    expect(googleDriveListParams.parse({})).toEqual({ file_type: 'any', max_results: 10 });
  });

  it('name the offending field and refuse unknown keys', () => {
    const badType = googleDriveListParams.safeParse({ file_type: 'zip' });
    expect(badType.error?.issues[0]?.path).toEqual(['file_type']);
    expect(badType.error?.issues[0]?.message).toBe(
      'file_type must be one of document, spreadsheet, presentation, pdf, image, video, any',
    );
    expect(googleSearchParams.safeParse({ query: 'x', extra: 1 }).success).toBe(false);
    const backwards = googleCalendarCreateParams.safeParse({
      summary: 'Board',
      start_time: '2026-11-23T15:00:00Z',
      end_time: '2026-11-23T14:00:00Z',
    });
    expect(backwards.error?.issues[0]?.path).toEqual(['end_time']);
  });

  it('generate the realtime tool list from the same schemas', () => {
    const tools = workspaceRealtimeTools();
    expect(tools.map((tool) => tool.name)).toEqual(WORKSPACE_TOOL_NAMES);
    const driveList = tools.find((tool) => tool.name === 'google_drive_list');
    expect(driveList).toMatchObject({
      type: 'function',
      parameters: {
        type: 'object',
        additionalProperties: false,
        properties: {
          file_type: {
            enum: ['document', 'spreadsheet', 'presentation', 'pdf', 'image', 'video', 'any'],
            default: 'any',
          },
          max_results: { type: 'integer', default: 10 },
        },
      },
    });
    const send = tools.find((tool) => tool.name === 'google_gmail_send');
    expect(send?.parameters.required).toEqual(['to', 'subject', 'body']);
    expect(send?.parameters).not.toHaveProperty('$schema');
  });
});
