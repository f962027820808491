import { request } from '@playwright/test';
import { REALTIME_FAKE_PORT } from './e2e-env.ts';

/** One phone call's realtime session as the fake reports it (every session.update, every refusal). */
export type FakeRealtimeSession = {
  updates: { instructions: string | null; tools: string[] | null }[];
  /** Error codes the fake answered refused client events with (OpenAI refuses them too). */
  refused: (string | null)[];
};

/** The realtime fake's control endpoints (it serves TLS with its own certificate). */
export async function realtimeFake(path: string, body?: unknown): Promise<unknown> {
  const context = await request.newContext({ ignoreHTTPSErrors: true });
  const url = `https://127.0.0.1:${REALTIME_FAKE_PORT}${path}`;
  const response = body === undefined ? await context.get(url) : await context.post(url, { data: body });
  const answer = await response.json();
  await context.dispose();
  return answer;
}

/** The realtime sessions of the calls with `phone` (their instructions name the number), oldest first. */
export async function realtimeSessionsOf(phone: string): Promise<FakeRealtimeSession[]> {
  const sessions = (await realtimeFake('/__fake/sessions')) as FakeRealtimeSession[];
  return sessions.filter((session) => session.updates[0]?.instructions?.includes(phone));
}

/** The realtime session of the latest call with `phone`. */
export async function realtimeSessionOf(phone: string): Promise<FakeRealtimeSession | undefined> {
  return (await realtimeSessionsOf(phone)).at(-1);
}
