import { type APIRequestContext, type Page, request } from '@playwright/test';
import { REALTIME_WEBRTC_FAKE_URL } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

// A whole realtime call in Chromium: the page's WebRTC peer against the OpenAI Realtime WebRTC fake
// (packages/fakes), the fake microphone playing e2e/fixtures/user-question.wav, the real API between.

type FakeEvent = { type: string } & Record<string, unknown>;
type FakeCall = {
  id: string;
  channelOpen: boolean;
  ended: boolean;
  rtpPacketsReceived: number;
  received: FakeEvent[];
  toolOutputs: { callId: string; output: string }[];
};
type FakeCallSummary = Pick<FakeCall, 'id' | 'ended'>;

const unique = (label: string) => `${label}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The WebRTC fake's test controls (`/__fake/…`, see openai-realtime-webrtc-control.ts). */
class RealtimeFake {
  private readonly http: APIRequestContext;

  private constructor(http: APIRequestContext) {
    this.http = http;
  }

  static async open(): Promise<RealtimeFake> {
    return new RealtimeFake(await request.newContext({ baseURL: REALTIME_WEBRTC_FAKE_URL }));
  }

  async post(path: string, data: unknown = {}) {
    const response = await this.http.post(`/__fake/${path}`, { data, timeout: 65_000 });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  }

  async calls(): Promise<FakeCallSummary[]> {
    return (await this.http.get('/__fake/calls')).json();
  }

  async latest(): Promise<FakeCall> {
    return (await this.http.get('/__fake/calls/latest')).json();
  }

  /** The first event of `type` the page sent on the channel (matching `match`, from index `after`). */
  waitForEvent(type: string, match?: unknown, after = 0): Promise<{ index: number; event: FakeEvent }> {
    return this.post('calls/latest/wait-for-event', { type, match, after, timeoutMs: 20_000 });
  }

  dispose() {
    return this.http.dispose();
  }
}

/**
 * Records, inside the page: the statuses the header shows, the click on Start call and the first
 * Listening... after it, the click on End call, and every long task (PerformanceObserver 'longtask').
 */
async function instrument(page: Page) {
  await page.addInitScript(() => {
    type Probe = {
      statuses: string[];
      clickAt: number | null;
      listeningAt: number | null;
      endAt: number | null;
      longTasks: { start: number; duration: number }[];
    };
    const probe: Probe = { statuses: [], clickAt: null, listeningAt: null, endAt: null, longTasks: [] };
    (window as unknown as { voiceProbe: Probe }).voiceProbe = probe;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element | null)?.closest?.('button');
        const label = button?.getAttribute('aria-label');
        if (label === 'Start call') probe.clickAt = performance.now();
        if (label === 'End call') probe.endAt = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      const status = document.querySelector('[aria-label="Call status"]')?.textContent ?? '';
      if (!status || status === probe.statuses.at(-1)) return;
      probe.statuses.push(status);
      if (status === 'Listening...' && probe.clickAt !== null && probe.listeningAt === null)
        probe.listeningAt = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

type ProbeResult = {
  statuses: string[];
  clickAt: number | null;
  listeningAt: number | null;
  endAt: number | null;
  longTasks: { start: number; duration: number }[];
  toolMeasures: { name: string; duration: number }[];
  /** The call's own marks (voice-call:start … voice-call:listening), in ms after the click. */
  steps: string[];
};

const readProbe = (page: Page): Promise<ProbeResult> =>
  page.evaluate(() => {
    const probe = (window as unknown as { voiceProbe: Omit<ProbeResult, 'toolMeasures'> }).voiceProbe;
    const steps = performance
      .getEntriesByType('mark')
      .filter((entry) => entry.name.startsWith('voice-call:'))
      .map(
        (entry) =>
          `${entry.name.slice('voice-call:'.length)} ${Math.round(entry.startTime - (probe.clickAt ?? 0))}`,
      );
    const toolMeasures = performance
      .getEntriesByType('measure')
      .filter((entry) => entry.name.startsWith('voice-tool '))
      .map((entry) => ({ name: entry.name, duration: entry.duration }));
    return { ...probe, steps, toolMeasures };
  });

const status = (page: Page) => page.getByRole('status', { name: 'Call status' });
const transcript = (page: Page) => page.getByRole('log', { name: 'Transcript' });

let fake: RealtimeFake;

test.beforeAll(async () => {
  fake = await RealtimeFake.open();
});

test.afterAll(async () => {
  await fake.dispose();
});

test.beforeEach(async () => {
  await fake.post('reset');
});

test('a whole call: greeting, the question, a knowledge search with a fact from the UI, a chemistry tool, End, then the conversation and the call history', async ({
  userPage: page,
}) => {
  test.setTimeout(120_000);
  const factKey = unique('henderson_renewal');
  const factValue = 'Renews on 14 March with a 6 percent uplift';
  await page.goto('/knowledge');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Add Fact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Fact' });
  await dialog.getByLabel('Name').fill(factKey);
  await dialog.getByLabel('Value', { exact: true }).fill(factValue);
  await dialog.getByRole('button', { name: 'Create Fact' }).click();
  await expect(dialog).toBeHidden();

  // The question heard after 2 s of microphone audio makes the model search for the new fact.
  const question = 'What do we know about the Henderson account?';
  await fake.post('script', {
    userTranscripts: [question],
    functionCall: { name: 'search_knowledge_base', arguments: JSON.stringify({ query: factKey }) },
    replyAfterTool: 'The Henderson account renews on the fourteenth of March.',
  });

  await instrument(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Hello, I'm James" })).toBeVisible({ timeout: 30_000 });
  await expect(status(page)).toHaveText('Press Start to talk');
  await page.getByRole('button', { name: 'Start call' }).click();
  await expect(status(page)).toHaveText('Listening...');
  await expect(page.getByRole('button', { name: 'End call' })).toBeVisible();

  // The greeting: a partial reply with its cursor while the assistant speaks.
  await expect(transcript(page).getByTestId('typing-cursor')).toBeVisible();
  await expect(status(page)).toHaveText('Speaking...');
  await expect(transcript(page)).toContainText('Good afternoon. How may I help?');

  // The question, then the tool call answered with the fact and a new response.
  await expect(transcript(page)).toContainText(question, { timeout: 20_000 });
  const output = await fake.waitForEvent('conversation.item.create', {
    item: { type: 'function_call_output' },
  });
  const toolOutput = JSON.parse(String((output.event.item as { output: string }).output));
  expect(JSON.stringify(toolOutput)).toContain(factKey);
  expect(JSON.stringify(toolOutput)).toContain(factValue);
  await fake.waitForEvent('response.create', undefined, output.index + 1);
  await expect(transcript(page)).toContainText('The Henderson account renews on the fourteenth of March.');
  await expect(status(page)).toHaveText('Listening...', { timeout: 20_000 });

  // A chemistry tool through the API's proxy to the chemistry fake.
  const received = (await fake.latest()).received.length;
  await fake.post('calls/latest/user-turn', {
    transcript: 'Ask the co-pilot about a gentle preservative.',
    functionCall: {
      name: 'agt_copilot_chat',
      arguments: JSON.stringify({ message: 'Which preservative suits a gentle cleanser?' }),
    },
  });
  const agtOutput = await fake.waitForEvent(
    'conversation.item.create',
    { item: { type: 'function_call_output' } },
    received,
  );
  expect(String((agtOutput.event.item as { output: string }).output)).toContain(
    'Noted: Which preservative suits a gentle cleanser?',
  );
  await fake.waitForEvent('response.create', undefined, agtOutput.index + 1);
  await expect(status(page)).toHaveText('Listening...', { timeout: 20_000 });

  await page.getByRole('button', { name: 'End call' }).click();
  await expect(status(page)).toHaveText('Press Start to talk');
  await fake.waitForEvent('session.update', { session: { audio: { input: { turn_detection: null } } } });
  await expect.poll(async () => (await fake.latest()).ended).toBe(true);

  const probe = await readProbe(page);
  expect(probe.statuses.slice(0, 3), 'the statuses the header went through').toEqual([
    'Press Start to talk',
    'Connecting...',
    'Listening...',
  ]);
  const callTasks = probe.longTasks.filter(
    (task) =>
      probe.clickAt !== null && task.start >= probe.clickAt && task.start <= (probe.endAt ?? Infinity),
  );
  console.log(
    `[voice-call] click → Listening... ${Math.round((probe.listeningAt ?? Number.NaN) - (probe.clickAt ?? 0))} ms (${probe.steps.join(', ')}); ` +
      `long tasks during the call: ${callTasks.length}, max ${Math.round(Math.max(0, ...callTasks.map((t) => t.duration)))} ms` +
      ` (${callTasks.map((t) => `${Math.round(t.duration)} ms at +${Math.round(t.start - (probe.clickAt ?? 0))}`).join(', ')}); ` +
      `tool overhead: ${probe.toolMeasures.map((m) => `${m.name} ${m.duration.toFixed(1)} ms`).join(', ')}`,
  );
  expect(
    probe.toolMeasures.map((measure) => measure.name),
    'the tool calls the page ran',
  ).toEqual(['voice-tool search_knowledge_base', 'voice-tool agt_copilot_chat']);

  // The conversation, titled with the first thing the user said.
  await page.goto('/conversations');
  const conversationRow = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(question.replace('?', '\\?')) });
  await expect(conversationRow.first()).toBeVisible({ timeout: 30_000 });
  await conversationRow.first().click();
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(
    'The Henderson account renews on the fourteenth of March.',
  );

  // The call, in Call Logs as a web call (the newest), ended, with its transcript.
  await page.goto('/call-logs');
  const callRow = page.getByRole('table', { name: 'Calls' }).locator('tbody[data-call-id]').first();
  await expect(callRow).toContainText('Browser', { timeout: 30_000 });
  await expect(callRow.getByLabel('Duration')).toHaveText(/^\d+:\d\d$/);
  await callRow.getByRole('button', { name: /^Details of the call/ }).click();
  const lines = callRow.getByRole('list', { name: 'Transcript of the web call' });
  await expect(lines).toContainText(`You: ${question}`);
  await expect(lines).toContainText('The Henderson account renews on the fourteenth of March.');
  const sessions = (await (await page.request.get('/api/call-sessions')).json()) as {
    channel: string;
    endedAt: string | null;
    transcript: { content: string }[];
  }[];
  const call = sessions.find((session) => session.transcript.some((line) => line.content === question));
  expect(call?.channel).toBe('webrtc');
  expect(call?.endedAt).not.toBeNull();

  // Measured by the server over its sideband connection to the call: the figures, as for a phone call.
  type Measured = { id: string; figures: CallFigures | null; transcript: { content: string }[] };
  type CallFigures = {
    source: string;
    tools: { name: string }[];
    voiceTokens: { outputAudio: number } | null;
  };
  const figuresOfCall = async () => {
    const list = (await (await page.request.get('/api/call-sessions')).json()) as Measured[];
    return list.find((session) => session.transcript.some((line) => line.content === question))?.figures;
  };
  await expect.poll(figuresOfCall).not.toBeNull();
  const figures = await figuresOfCall();
  expect(figures?.source).toBe('server');
  expect(figures?.tools.map((tool) => tool.name)).toEqual(['search_knowledge_base', 'agt_copilot_chat']);
  expect(figures?.voiceTokens?.outputAudio).toBeGreaterThan(0);
  await page.reload();
  const measured = page.getByRole('table', { name: 'Calls' }).locator('tbody[data-call-id]').first();
  await measured.getByRole('button', { name: /^Details of the call/ }).click();
  await expect(measured.getByLabel('Call figures')).toHaveText(/^\d+:\d\d · \d+ turns? · .*\$\d+\.\d+$/);
});

test('a refused microphone leaves the page idle with the alert, and no offer is sent', async ({
  userPage: page,
}) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Start call' }).click({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText('Your microphone is blocked.');
  await expect(status(page)).toHaveText('Press Start to talk');
  expect(await fake.calls()).toHaveLength(0);
});

test('an offer OpenAI refuses shows a human alert, no status code (the cause folded away for admins)', async ({
  userPage: page,
  pageErrors,
}) => {
  pageErrors.allow(/status of 502 .*\/api\/realtime\/offer\)$/);
  await fake.post('fail-next-call', { status: 500, message: 'The server had an error' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Start call' }).click({ timeout: 30_000 });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The call could not start. Please try again in a moment.');
  // The API answers 502 with OpenAI's reason: an executive sees no status code; it is for admins only.
  await expect(alert).not.toContainText('502');
  await expect(status(page)).toHaveText('Press Start to talk');
  await expect(page.getByRole('button', { name: 'Start call' })).toBeEnabled();
});

test('leaving the page ends the call: another route, and closing the tab', async ({ userPage: page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start call' }).click({ timeout: 30_000 });
  await expect(status(page)).toHaveText('Listening...');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
  await expect.poll(async () => (await fake.latest()).ended).toBe(true);

  await page.goto('/voice');
  await page.getByRole('button', { name: 'Start call' }).click({ timeout: 30_000 });
  await expect(status(page)).toHaveText('Listening...');
  await expect.poll(async () => (await fake.calls()).length).toBe(2);
  await page.close({ runBeforeUnload: true });
  await expect.poll(async () => (await fake.latest()).ended).toBe(true);
});

test('on a phone, mid-call, End call sits above the tab bar and the transcript scrolls behind nothing', async ({
  userPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 664 });
  await fake.post('script', { userTranscripts: ['What is on my diary today?', 'And tomorrow?'] });
  await page.goto('/');
  await page.getByRole('button', { name: 'Start call' }).click({ timeout: 30_000 });
  await expect(status(page)).toHaveText('Listening...');
  // Two turns heard: the transcript grows while End stays where a thumb finds it.
  await expect(transcript(page).getByText('And tomorrow?')).toBeVisible({ timeout: 30_000 });
  const end = page.getByRole('button', { name: 'End call' });
  const tabBar = await page.getByRole('navigation', { name: 'Tabs' }).boundingBox();
  const endBox = await end.boundingBox();
  expect(tabBar && endBox).toBeTruthy();
  if (!tabBar || !endBox) return;
  expect(endBox.y + endBox.height).toBeLessThanOrEqual(tabBar.y);
  expect(endBox.y).toBeGreaterThanOrEqual(0);
  // Nothing covers End's centre: a tap there reaches the button.
  const onTop = await page.evaluate(
    ([x, y]) =>
      document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label') ??
      document.elementFromPoint(x, y)?.closest('button')?.textContent,
    [endBox.x + endBox.width / 2, endBox.y + endBox.height / 2] as const,
  );
  expect(onTop).toMatch(/End call/);
  await end.click();
  await expect(status(page)).toHaveText('Press Start to talk');
  await page.setViewportSize({ width: 1280, height: 720 });
});
