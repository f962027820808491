import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runWorkspaceTool } from './run-workspace-tool.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('runWorkspaceTool', () => {
  it('runs a tool with the model arguments as given and returns the envelope', async () => {
    const envelope = {
      success: false,
      data: null,
      error: 'Google Workspace is not connected.',
      requiresAuth: true,
    };
    const api = stubFetch({ 'POST /api/google/voice-tools': { status: 200, body: envelope } });
    expect(await runWorkspaceTool('google_gmail_list', '{"unread_only":true}')).toEqual(envelope);
    expect(api.requests('POST')[0]?.body).toEqual({
      toolName: 'google_gmail_list',
      parameters: '{"unread_only":true}',
    });
  });

  it('refuses an envelope that does not match the contract', async () => {
    stubFetch({ 'POST /api/google/voice-tools': { status: 200, body: { success: 'yes' } } });
    await expect(runWorkspaceTool('google_gmail_list', {})).rejects.toThrow();
  });
});
