import { callSession, callsRoutes } from '@annie/test-fixtures/calls-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { renderRoutedPage } from '@annie/ui/testing/render-routed-page';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CallLogsPage from './call-logs-page.tsx';

// Call Logs: a measured call's figures, in the row (cost) and in its details (tools in words).
const startedAt = new Date(2026, 0, 5, 15, 4, 0);
const at = (seconds: number) => new Date(startedAt.getTime() + seconds * 1000).toISOString();

afterEach(() => vi.unstubAllGlobals());

const rowsOf = async () => {
  const table = await screen.findByRole('table', { name: 'Calls' });
  return within(table).getAllByRole('row').slice(1);
};
async function openCall(user: ReturnType<typeof renderRoutedPage>['user'], row: HTMLElement) {
  await user.click(within(row).getByRole('button', { name: /^Details of the call/ }));
}

describe('CallLogsPage: figures', { timeout: 20_000 }, () => {
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
    const [row] = await rowsOf();
    expect(row).toHaveTextContent('€0.0871');
    await openCall(user, row as HTMLElement);
    const line = await screen.findByLabelText('Call figures');
    expect(line).toHaveTextContent('2:05 · 3 turns · median 420 ms · worst 910 ms · €0.0871');
    await user.click(screen.getByText('Call details'));
    const chart = screen.getByRole('list', { name: 'Response time per turn' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Turn 1420 ms', 'Turn 2910 ms', 'Turn 3380 ms']);
    expect(screen.getByText('Search knowledge (212 ms)')).toBeInTheDocument();
    expect(screen.queryByText(/search_knowledge/)).not.toBeInTheDocument();
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
    await openCall(user, (await rowsOf())[0] as HTMLElement);
    await user.click(await screen.findByText('Call details'));
    expect(screen.getByText('GPT-Live (gpt-live-1.1)')).toBeInTheDocument();
    expect(screen.getByText('95.4 s of session')).toBeInTheDocument();
    expect(screen.getByText('in: 4,800 (cached 3,200); out: 240 (reasoning 80)')).toBeInTheDocument();
    expect(screen.queryByText(/Voice tokens/)).not.toBeInTheDocument();
  });
});
