import { callSession, callSessions, callsRoutes } from '@annie/api-client/testing/calls-api';
import { stubFetch } from '@annie/api-client/testing/fetch-stub';
import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CallLogsPage from './call-logs-page.tsx';

const startedAt = new Date(2026, 0, 5, 15, 4, 0);
const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000).toISOString();

afterEach(() => vi.unstubAllGlobals());

describe('CallLogsPage', { timeout: 20_000 }, () => {
  it('shows the empty state and New Call linking to /', async () => {
    stubFetch(callsRoutes({ sessions: [] }));
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    expect(screen.getByRole('heading', { level: 1, name: 'Call History' })).toBeInTheDocument();
    expect(await screen.findByText('No call history yet')).toBeInTheDocument();
    expect(
      screen.getByText('Your call logs will appear here after your first conversation with the assistant.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'New Call' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('shows each call: Phone or Web Call, en-US start, caller id, duration, and its transcript', async () => {
    stubFetch({
      'GET /api/settings': { status: 200, body: { assistantName: 'Jeeves' } },
      ...callsRoutes({
        sessions: [
          callSession({
            id: '10000000-0000-4000-8000-000000000001',
            channel: 'twilio',
            direction: 'inbound',
            callerId: '+15551234567',
            startedAt: at(0),
            endedAt: at(125),
            transcript: [
              { role: 'user', content: 'Is he in?', timestamp: at(1) },
              { role: 'assistant', content: 'In a meeting.', timestamp: at(2) },
            ],
          }),
          callSession({ id: '10000000-0000-4000-8000-000000000002', startedAt: at(-3600), endedAt: null }),
          callSession({
            id: '10000000-0000-4000-8000-000000000003',
            channel: 'webrtc',
            startedAt: at(-7200),
          }),
        ],
      }),
    });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const rows = [...(await screen.findByRole('list', { name: 'Calls' })).children] as HTMLElement[];
    expect(rows).toHaveLength(3);
    const [phone, web, browser] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(phone).getByText('Phone Call')).toBeInTheDocument();
    expect(within(phone).getByText('Jan 5, 2026, 3:04 PM')).toBeInTheDocument();
    expect(within(phone).getByText('Inbound')).toBeInTheDocument();
    expect(within(phone).getByText('From (555) 123-4567')).toBeInTheDocument();
    expect(within(phone).getByLabelText('Duration')).toHaveTextContent('2:05');
    await user.click(within(phone).getByText('Transcript available'));
    const lines = within(phone).getByRole('list', { name: 'Transcript of the phone call' });
    expect(await within(lines).findByText('Jeeves:')).toBeInTheDocument();
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['You: Is he in?', 'Jeeves: In a meeting.']);

    expect(within(web).getByText('Web Call')).toBeInTheDocument();
    expect(within(web).getByText('Jan 5, 2026, 2:04 PM')).toBeInTheDocument();
    expect(within(web).getByLabelText('Duration')).toHaveTextContent('Ongoing');
    expect(within(web).queryByText('Transcript available')).not.toBeInTheDocument();
    expect(within(browser).getByText('Web Call')).toBeInTheDocument();
    expect(within(web).queryByText(/Inbound|Outbound/)).not.toBeInTheDocument();
  });

  it('a web call, which the API stores as outbound, is the executive speaking: "You", and no Outbound badge', async () => {
    stubFetch({
      'GET /api/settings': { status: 200, body: { assistantName: 'Jeeves' } },
      ...callsRoutes({
        sessions: [
          callSession({
            id: '10000000-0000-4000-8000-000000000004',
            channel: 'webrtc',
            direction: 'outbound',
            startedAt: at(0),
            endedAt: at(30),
            transcript: [
              { role: 'assistant', content: 'Good afternoon.', timestamp: at(1) },
              { role: 'user', content: 'Any news?', timestamp: at(2) },
            ],
          }),
        ],
      }),
    });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const [web] = [...(await screen.findByRole('list', { name: 'Calls' })).children] as HTMLElement[];
    if (!web) throw new Error('no call listed');
    expect(within(web).queryByText(/Inbound|Outbound/)).not.toBeInTheDocument();
    await user.click(within(web).getByText('Transcript available'));
    const lines = within(web).getByRole('list', { name: 'Transcript of the web call' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Jeeves: Good afternoon.', 'You: Any news?']);
  });

  it('marks an outbound call, shows its purpose, and names the person called on their lines and message', async () => {
    const callId = '10000000-0000-4000-8000-000000000011';
    stubFetch({
      'GET /api/settings': { status: 200, body: { assistantName: 'Jeeves' } },
      ...callsRoutes({
        sessions: [
          callSession({
            id: callId,
            channel: 'twilio',
            direction: 'outbound',
            callerId: '+16505550111',
            contactName: 'Daniel Osei',
            purpose: 'Confirm Thursday at 3 pm',
            startedAt: at(0),
            endedAt: at(40),
            transcript: [
              { role: 'assistant', content: 'Hello, Jeeves here for Alex.', timestamp: at(1) },
              { role: 'user', content: 'Thursday works.', timestamp: at(3) },
            ],
          }),
        ],
      }),
      'GET /api/call-messages': {
        status: 200,
        body: [
          {
            id: '30000000-0000-4000-8000-000000000011',
            callSessionId: callId,
            callerName: 'The caller',
            callerE164: '+16505550111',
            body: 'Bring the contract',
            createdAt: at(20),
          },
        ],
      },
    });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const call = (await screen.findByRole('list', { name: 'Calls' })).children[0] as HTMLElement;
    expect(within(call).getByText('Outbound')).toBeInTheDocument();
    expect(within(call).getByText('To Daniel Osei · (650) 555-0111')).toBeInTheDocument();
    expect(call).toHaveTextContent('Purpose: Confirm Thursday at 3 pm');
    const message = within(await within(call).findByRole('list', { name: 'Messages left' })).getByRole(
      'listitem',
    );
    expect(message).toHaveTextContent('Message from Daniel Osei: Bring the contract');
    expect(call).not.toHaveTextContent('The caller');
    await user.click(within(call).getByText('Transcript available'));
    const lines = within(call).getByRole('list', { name: 'Transcript of the phone call' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Jeeves: Hello, Jeeves here for Alex.', 'Daniel Osei: Thursday works.']);
  });

  it('loads older calls a page at a time with Load more', async () => {
    const all = callSessions(25);
    const api = stubFetch(callsRoutes({ sessions: all }));
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const list = await screen.findByRole('list', { name: 'Calls' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.requests('GET').filter((request) => request.path === '/api/call-sessions')).toHaveLength(2);
  });

  it('offers Retry when the history fails to load', async () => {
    stubFetch({ 'GET /api/call-sessions': { status: 500, body: { message: 'Boom', code: 'internal' } } });
    renderRoutedPage(<CallLogsPage />, '/call-logs');
    expect(await screen.findByText('Failed to load call history.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows what callers left on a call: a request to Send or Reject (nothing sent before) and their message', async () => {
    const callId = '10000000-0000-4000-8000-000000000009';
    const request = {
      id: '20000000-0000-4000-8000-000000000001',
      kind: 'send_text',
      status: 'pending',
      toE164: '+15557654321',
      toNumberType: 'fixed_line_or_mobile',
      body: 'Here is the brochure',
      requestedBy: 'Rita',
      requestedByE164: '+15557654321',
      callSessionId: callId,
      createdAt: at(30),
      decidedAt: null,
    };
    const api = stubFetch({
      ...callsRoutes({
        sessions: [
          callSession({ id: callId, channel: 'twilio', callerId: '+15557654321', startedAt: at(0) }),
        ],
      }),
      'GET /api/pending-actions': { status: 200, body: { items: [request], pendingCount: 1 } },
      'GET /api/call-messages': {
        status: 200,
        body: [
          {
            id: '30000000-0000-4000-8000-000000000001',
            callSessionId: callId,
            callerName: 'Rita',
            callerE164: '+15557654321',
            body: 'Please call back after 4',
            createdAt: at(40),
          },
        ],
      },
      'POST /api/pending-actions/:id/approve': { status: 200, body: { threadId: callId, messageId: callId } },
      'POST /api/pending-actions/:id/reject': { status: 200, body: { rejected: true } },
    });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const banner = await screen.findByRole('region', { name: 'Request from Rita' });
    expect(
      within(banner).getByText('Rita (+15557654321) asked for a text to +15557654321'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Please call back after 4')).toBeInTheDocument();
    expect(api.requests('POST')).toEqual([]);
    const text = within(banner).getByRole('textbox', { name: 'Requested text' });
    await user.clear(text);
    await user.type(text, 'Hello Rita, the brochure is attached');
    await user.click(within(banner).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0]).toMatchObject({
      path: `/api/pending-actions/${request.id}/approve`,
      body: { body: 'Hello Rita, the brochure is attached', numberTypeConfirmed: false },
    });
    expect(within(banner).queryByRole('alert')).toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(api.requests('POST')).toHaveLength(2));
    expect(api.requests('POST')[1]?.path).toBe(`/api/pending-actions/${request.id}/reject`);
  });

  it('warns before a text to a premium-rate number, and Send past the warning confirms it', async () => {
    const callId = '10000000-0000-4000-8000-000000000010';
    const request = {
      id: '20000000-0000-4000-8000-000000000002',
      kind: 'send_text',
      status: 'pending',
      toE164: '+19005551234',
      toNumberType: 'premium_rate',
      body: 'Here is the brochure',
      requestedBy: 'Rita',
      requestedByE164: '+19005551234',
      callSessionId: callId,
      createdAt: at(30),
      decidedAt: null,
    };
    const api = stubFetch({
      ...callsRoutes({
        sessions: [
          callSession({ id: callId, channel: 'twilio', callerId: '+19005551234', startedAt: at(0) }),
        ],
      }),
      'GET /api/pending-actions': { status: 200, body: { items: [request], pendingCount: 1 } },
      'GET /api/call-messages': { status: 200, body: [] },
      'POST /api/pending-actions/:id/approve': { status: 200, body: { threadId: callId, messageId: callId } },
    });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const banner = await screen.findByRole('region', { name: 'Request from Rita' });
    expect(within(banner).getByRole('alert')).toHaveTextContent(/premium-rate number/);
    await user.click(within(banner).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0]).toMatchObject({
      body: { body: 'Here is the brochure', numberTypeConfirmed: true },
    });
  });

  it("shows a measured call's figures line, and its details: turns chart, tools, tokens, Twilio and cost", async () => {
    const figures = {
      source: 'server' as const,
      latenciesMs: [420.4, 910.2, 380],
      latency: { p50: 420, p95: 910, max: 910 },
      interruptions: 1,
      tools: [{ name: 'search_knowledge', durationMs: 212, outcome: 'ok' as const }],
      voiceTokens: {
        model: 'gpt-realtime-2.1',
        inputText: 1200,
        inputAudio: 300,
        cachedText: 1000,
        cachedAudio: 100,
        outputText: 80,
        outputAudio: 640,
      },
      transcription: { model: 'gpt-transcribe', inputText: 0, inputAudio: 0, output: 0, seconds: 12.5 },
      twilio: { minutes: 3, price: -0.042, priceUnit: 'USD' },
      cost: { amount: 0.0871, currency: 'EUR' },
    };
    stubFetch(
      callsRoutes({
        sessions: [
          callSession({
            id: '10000000-0000-4000-8000-000000000009',
            channel: 'twilio',
            startedAt: at(0),
            endedAt: at(125),
            figures,
          }),
        ],
      }),
    );
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const line = await screen.findByLabelText('Call figures');
    expect(line).toHaveTextContent('2:05 · 3 turns · median 420 ms · worst 910 ms · €0.0871');
    await user.click(screen.getByText('Call details'));
    const chart = screen.getByRole('list', { name: 'Response time per turn' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Turn 1420 ms', 'Turn 2910 ms', 'Turn 3380 ms']);
    expect(screen.getByText('search_knowledge (212 ms, ok)')).toBeInTheDocument();
    expect(
      screen.getByText(/in: text 1,200, audio 300 \(cached 1,100\); out: text 80, audio 640/),
    ).toBeInTheDocument();
    expect(screen.getByText('12.5 s of audio')).toBeInTheDocument();
    expect(screen.getByText('3 min, $0.042')).toBeInTheDocument();
  });

  it("shows a GPT-Live call's seconds and its backend's tokens instead of voice tokens", async () => {
    const figures = {
      source: 'server' as const,
      latenciesMs: [310],
      latency: { p50: 310, p95: 310, max: 310 },
      interruptions: 0,
      tools: [],
      voiceTokens: null,
      transcription: null,
      live: {
        model: 'gpt-live-1.1',
        seconds: 95.4,
        backendModel: 'gpt-6-luna',
        backendTokens: { input: 4800, cached: 3200, output: 240, reasoning: 80 },
      },
      twilio: null,
      cost: { amount: 0.0801, currency: 'USD' },
    };
    stubFetch(
      callsRoutes({
        sessions: [
          callSession({
            id: '10000000-0000-4000-8000-000000000010',
            channel: 'twilio',
            startedAt: at(0),
            endedAt: at(96),
            figures,
          }),
        ],
      }),
    );
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    await user.click(await screen.findByText('Call details'));
    expect(screen.getByText('GPT-Live (gpt-live-1.1)')).toBeInTheDocument();
    expect(screen.getByText('95.4 s of session')).toBeInTheDocument();
    expect(screen.getByText('in: 4,800 (cached 3,200); out: 240 (reasoning 80)')).toBeInTheDocument();
    expect(screen.queryByText(/Voice tokens/)).not.toBeInTheDocument();
  });
});
