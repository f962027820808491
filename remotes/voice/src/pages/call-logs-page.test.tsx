import { callSession, callSessions, callsRoutes } from '@annie/test-fixtures/calls-api';
import { installFakeEventSource, latestEventSource } from '@annie/test-fixtures/fake-event-source';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CallLogsPage from './call-logs-page.tsx';

const startedAt = new Date(2026, 0, 5, 15, 4, 0);
const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000).toISOString();

afterEach(() => vi.unstubAllGlobals());

const settings = { 'GET /api/settings': { status: 200, body: { assistantName: 'Jeeves' } } };
const rowsOf = async () => {
  const table = await screen.findByRole('table', { name: 'Calls' });
  return within(table).getAllByRole('row').slice(1);
};
/** Opens the call of row `row` and answers its transcript lines as read. */
async function openCall(user: ReturnType<typeof renderRoutedPage>['user'], row: HTMLElement) {
  await user.click(within(row).getByRole('button', { name: /^Details of the call/ }));
}
const linesOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((line) => line.textContent);

describe('CallLogsPage', { timeout: 20_000 }, () => {
  it('is named Call Logs, as in the navigation; shows the empty state and New Call linking to /', async () => {
    stubFetch({ ...settings, ...callsRoutes({ sessions: [] }) });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    expect(screen.getByRole('heading', { level: 1, name: 'Call Logs' })).toBeInTheDocument();
    expect(await screen.findByText('No calls yet')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'New Call' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('a table: direction, contact by name (Caller + formatted number + Add to contacts when unknown), outcome, duration', async () => {
    stubFetch({
      ...settings,
      ...callsRoutes({
        sessions: [
          callSession({
            id: '10000000-0000-4000-8000-000000000001',
            channel: 'twilio',
            direction: 'inbound',
            callerId: '+14155552671',
            startedAt: at(0),
            endedAt: at(125),
            transcript: [
              { role: 'user', content: 'Is he in?', timestamp: at(1) },
              { role: 'assistant', content: 'In a meeting.', timestamp: at(2) },
            ],
          }),
          callSession({
            id: '10000000-0000-4000-8000-000000000002',
            channel: 'twilio',
            direction: 'inbound',
            callerId: '+16505550111',
            contactName: 'Daniel Osei',
            startedAt: at(-60),
            endedAt: at(-20),
            transcript: [
              { role: 'user', content: 'It is Daniel.', timestamp: at(-59) },
              { role: 'assistant', content: 'Hello Daniel.', timestamp: at(-58) },
            ],
          }),
          callSession({ id: '10000000-0000-4000-8000-000000000003', startedAt: at(-3600), endedAt: null }),
        ],
      }),
    });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    const [unknown, daniel, web] = (await rowsOf()) as [HTMLElement, HTMLElement, HTMLElement];
    expect(unknown).toHaveTextContent('Jan 5, 2026, 3:04 PM');
    expect(within(unknown).getByText('Inbound')).toBeInTheDocument();
    expect(within(unknown).getByText('Caller')).toBeInTheDocument();
    expect(unknown).toHaveTextContent('(415) 555-2671');
    expect(unknown).not.toHaveTextContent('+1415');
    expect(within(unknown).getByRole('link', { name: 'Add to contacts' })).toHaveAttribute(
      'href',
      '/contacts?add=%2B14155552671',
    );
    expect(within(unknown).getByLabelText('Duration')).toHaveTextContent('2:05');
    expect(within(unknown).getByText('Completed')).toBeInTheDocument();
    expect(within(daniel).getByText('Daniel Osei')).toBeInTheDocument();
    expect(daniel).not.toHaveTextContent(/555|\+1650/);
    expect(within(daniel).queryByRole('link', { name: 'Add to contacts' })).not.toBeInTheDocument();
    expect(within(web).getByText('You')).toBeInTheDocument();
    expect(within(web).getByText('In progress')).toBeInTheDocument();
    expect(within(web).queryByText(/Inbound|Outbound/)).not.toBeInTheDocument();

    // An inbound caller's lines are under their name ("Caller" when unknown), never "You".
    await openCall(user, unknown);
    await openCall(user, daniel);
    const [first, second] = screen.getAllByRole('list', { name: 'Transcript of the phone call' });
    expect(
      within(first as HTMLElement)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Caller: Is he in?', 'Jeeves: In a meeting.']);
    expect(
      within(second as HTMLElement)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Daniel Osei: It is Daniel.', 'Jeeves: Hello Daniel.']);
    expect(document.body).not.toHaveTextContent('You:');
  });

  it('a web call, which the API stores as outbound, is the executive speaking: "You", and no Outbound badge', async () => {
    stubFetch({
      ...settings,
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
    const [web] = (await rowsOf()) as [HTMLElement];
    expect(within(web).queryByText(/Inbound|Outbound/)).not.toBeInTheDocument();
    await openCall(user, web);
    expect(linesOf('Transcript of the web call')).toEqual(['Jeeves: Good afternoon.', 'You: Any news?']);
  });

  it('an outbound call: its purpose, the person called named on their lines and on their message', async () => {
    const callId = '10000000-0000-4000-8000-000000000011';
    stubFetch({
      ...settings,
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
    const [call] = (await rowsOf()) as [HTMLElement];
    expect(within(call).getByText('Outbound')).toBeInTheDocument();
    expect(within(call).getByText('Daniel Osei')).toBeInTheDocument();
    await openCall(user, call);
    expect(screen.getByText('Confirm Thursday at 3 pm')).toBeInTheDocument();
    const message = within(await screen.findByRole('list', { name: 'Messages left' })).getByRole('listitem');
    expect(message).toHaveTextContent('Message from Daniel Osei: Bring the contract');
    expect(document.body).not.toHaveTextContent('The caller');
    expect(linesOf('Transcript of the phone call')).toEqual([
      'Jeeves: Hello, Jeeves here for Alex.',
      'Daniel Osei: Thursday works.',
    ]);
  });

  it('pages with counts, folds 0-second calls away (Show them), and opens the call a link points at', async () => {
    const all = callSessions(25);
    const empty = callSession({
      id: '00000000-0000-4000-8000-000000000099',
      startedAt: at(-9000),
      endedAt: at(-9000),
    });
    const api = stubFetch({ ...settings, ...callsRoutes({ sessions: [...all, empty] }) });
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    expect(await rowsOf()).toHaveLength(20);
    expect(screen.getByText('1–20 of 25 calls')).toBeInTheDocument();
    expect(screen.getByText(/1 call of 0 seconds hidden/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('21–25 of 25 calls')).toBeInTheDocument();
    expect(await rowsOf()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Show them' }));
    expect(await screen.findByText('1–20 of 26 calls')).toBeInTheDocument();
    const paths = api.requests('GET').filter((request) => request.path === '/api/call-logs');
    expect(paths.at(-1)?.query.get('includeEmpty')).toBe('true');
  });

  it('searches what was said on the server, and exports the same selection as CSV', async () => {
    const api = stubFetch({
      ...settings,
      ...callsRoutes({
        sessions: [
          callSession({
            id: '10000000-0000-4000-8000-000000000021',
            transcript: [{ role: 'user', content: 'Is the roast on?', timestamp: at(1) }],
          }),
          callSession({
            id: '10000000-0000-4000-8000-000000000022',
            transcript: [{ role: 'user', content: 'Book a table', timestamp: at(1) }],
          }),
        ],
      }),
      'GET /api/call-logs/export.csv': () =>
        new Response('Started (UTC),Direction\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="calls.csv"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:calls');
    URL.revokeObjectURL = vi.fn();
    const { user } = renderRoutedPage(<CallLogsPage />, '/call-logs');
    expect(await rowsOf()).toHaveLength(2);
    await user.type(screen.getByRole('searchbox', { name: 'Search transcripts' }), 'roast');
    await vi.waitFor(async () => expect(await rowsOf()).toHaveLength(1), { timeout: 8000 });
    const searched = api.requests('GET').filter((request) => request.path === '/api/call-logs');
    expect(searched.at(-1)?.query.get('q')).toBe('roast');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Direction' }), 'Inbound');
    await vi.waitFor(
      () =>
        expect(
          api
            .requests('GET')
            .filter((request) => request.path === '/api/call-logs')
            .at(-1)
            ?.query.get('direction'),
        ).toBe('inbound'),
      { timeout: 8000 },
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(
      () => expect(api.requests('GET').map((request) => request.path)).toContain('/api/call-logs/export.csv'),
      { timeout: 8000 },
    );
    const exported = api.requests('GET').find((request) => request.path === '/api/call-logs/export.csv');
    expect([
      exported?.query.get('q'),
      exported?.query.get('direction'),
      exported?.query.get('limit'),
    ]).toEqual(['roast', 'inbound', null]);
  });

  it('is live: a new call rings, goes on and ends on the open page without a reload', async () => {
    installFakeEventSource();
    const id = '10000000-0000-4000-8000-000000000031';
    const sessions = [] as ReturnType<typeof callSession>[];
    stubFetch({ ...settings, ...callsRoutes({ sessions }) });
    renderRoutedPage(<CallLogsPage />, '/call-logs');
    expect(await screen.findByText('No calls yet')).toBeInTheDocument();
    const ringing = callSession({
      id,
      channel: 'twilio',
      direction: 'inbound',
      callerId: '+14155552671',
      startedAt: at(0),
      endedAt: null,
    });
    sessions.push(ringing);
    act(() => latestEventSource().emit('call', { id, status: 'ringing' }));
    const [row] = (await rowsOf()) as [HTMLElement];
    expect(await within(row).findByText('Ringing')).toBeInTheDocument();
    act(() => latestEventSource().emit('call', { id, status: 'in-progress' }));
    expect(await within(row).findByText('In progress')).toBeInTheDocument();
    sessions[0] = {
      ...ringing,
      endedAt: at(16),
      transcript: [{ role: 'user', content: 'Just checking in.', timestamp: at(2) }],
    };
    act(() => latestEventSource().emit('call', { id, status: 'completed' }));
    expect(await within(row).findByText('Completed')).toBeInTheDocument();
    expect(within(row).getByLabelText('Duration')).toHaveTextContent('0:16');
  });

  it('offers Retry when the logs fail to load', async () => {
    stubFetch({ 'GET /api/call-logs': { status: 500, body: { message: 'Boom', code: 'internal' } } });
    renderRoutedPage(<CallLogsPage />, '/call-logs');
    expect(await screen.findByText('Failed to load the call logs.')).toBeInTheDocument();
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
    const [row] = await rowsOf();
    await openCall(user, row as HTMLElement);
    const banner = await screen.findByRole('region', { name: 'Request from Rita' });
    expect(
      within(banner).getByText('Rita · (555) 765-4321 asked for a text to (555) 765-4321'),
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
    await openCall(user, (await rowsOf())[0] as HTMLElement);
    const banner = await screen.findByRole('region', { name: 'Request from Rita' });
    expect(within(banner).getByRole('alert')).toHaveTextContent(/premium-rate number/);
    await user.click(within(banner).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(api.requests('POST')).toHaveLength(1));
    expect(api.requests('POST')[0]).toMatchObject({
      body: { body: 'Here is the brochure', numberTypeConfirmed: true },
    });
  });
});
