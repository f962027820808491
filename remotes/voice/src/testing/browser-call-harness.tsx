// The browser call page's test harness: the stubbed API, the fake WebRTC and microphone, and the
// server events of the data channel (tests only).

import { createQueryClient } from '@annie/api-client/query-client';
import { DEFAULT_REALTIME_MODEL } from '@annie/contracts/openai-models';
import { type StubRoutes, stubFetch } from '@annie/test-fixtures/fetch-stub';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import BrowserCallPage from '../pages/browser-call-page.tsx';
import { FakePeerConnection, fakeMicrophone, installFakeWebRtc } from './fake-webrtc.ts';

export const CALL_SESSION_ID = '0b6b9f0e-4d0a-4f57-9a51-2d5c1f3f7a01';
export const CONVERSATION_ID = '5f1c2a8e-6f1b-4b9a-8c3d-7e2f9a0b1c2d';
// The answers of the conversation routes, as their contracts describe them (callRoute parses them).
const MESSAGE_ID = '5f1c2a8e-6f1b-4b9a-8c3d-7e2f9a0b1c2e';
const STARTED_AT = '2026-01-01T10:00:00.000Z';
export const SESSION_CONFIG = {
  systemPrompt: 'You are Edmund, discreet.',
  voice: 'marin',
  // What the API answers: never a model OpenAI has shut down (gpt-realtime goes on 2027-01-20).
  model: DEFAULT_REALTIME_MODEL,
  temperature: 0.9,
  knowledgeContext: null,
  personalityTraits: ['calm'],
  vadConfig: { threshold: 0.6, silenceDurationMs: 800, prefixPaddingMs: 250, idleTimeoutMs: 9000 },
};

export function stubApi(overrides: StubRoutes = {}) {
  return stubFetch({
    'GET /api/settings': { status: 200, body: { assistantName: 'Edmund' } },
    'GET /api/calls/readiness': { status: 200, body: { callsPaused: false, notice: null } },
    'GET /api/ai/session-config': { status: 200, body: SESSION_CONFIG },
    'GET /api/realtime/ice-servers': {
      status: 200,
      body: { iceServers: [{ urls: ['stun:stun.example.test:3478'] }] },
    },
    'POST /api/realtime/offer': () =>
      new Response('v=0 fake-answer', {
        status: 201,
        headers: { 'Content-Type': 'application/sdp', 'X-Call-Session-Id': CALL_SESSION_ID },
      }),
    'POST /api/voice/conversations': { status: 201, body: { id: CONVERSATION_ID } },
    'POST /api/voice/conversations/:id/messages': ({ body }) => ({
      status: 201,
      body: { id: MESSAGE_ID, ...(body as object) },
    }),
    'PATCH /api/voice/conversations/:id': ({ body }) => ({
      status: 200,
      body: { id: CONVERSATION_ID, title: null, startedAt: STARTED_AT, messageCount: 0, ...(body as object) },
    }),
    'POST /api/calls/:id/end': {
      status: 200,
      body: { id: CALL_SESSION_ID, endedAt: new Date().toISOString() },
    },
    ...overrides,
  });
}

/** An offer route that answers only when the test says so (to look at the screen while connecting). */
export function heldOffer() {
  let release: () => void = () => {};
  const route = () =>
    new Promise<Response>((resolve) => {
      release = () =>
        resolve(
          new Response('v=0 fake-answer', {
            status: 201,
            headers: { 'Content-Type': 'application/sdp', 'X-Call-Session-Id': CALL_SESSION_ID },
          }),
        );
    });
  return { route, release: () => release() };
}

export function renderPage() {
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <MemoryRouter>
          <BrowserCallPage />
        </MemoryRouter>
      </Theme>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), ...view };
}

export const status = () => screen.getByRole('status', { name: 'Call status' });
export const channel = () => {
  const current = FakePeerConnection.last.channel;
  if (!current) throw new Error('No data channel');
  return current;
};
/** Delivers server events as the realtime API would, one after the other. */
export const serverSends = (...events: Array<{ type: string } & Record<string, unknown>>) =>
  act(() => {
    for (const event of events) channel().receive(event);
  });

let currentMicrophone: ReturnType<typeof fakeMicrophone> | undefined;

/** The fake microphone of the running test. */
export function microphone(): ReturnType<typeof fakeMicrophone> {
  if (!currentMicrophone) throw new Error('useBrowserCallHarness() was not called');
  return currentMicrophone;
}

/** Registers the fake WebRTC and microphone before each test, and the clean-up after it. */
export function useBrowserCallHarness(): void {
  beforeEach(() => {
    currentMicrophone = fakeMicrophone();
    installFakeWebRtc(currentMicrophone.getUserMedia);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(async () => {
    // Unmounting ends a call still open; its requests (queued behind promises) must still reach the stub.
    cleanup();
    await new Promise((resolve) => setTimeout(resolve));
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export async function startCall() {
  const api = stubApi();
  const page = renderPage();
  await page.user.click(await screen.findByRole('button', { name: 'Start call' }));
  await waitFor(() => expect(status()).toHaveTextContent('Listening...'));
  await waitFor(() => expect(api.requests('POST').map((r) => r.path)).toContain('/api/voice/conversations'));
  return { api, ...page };
}
