import type { ServerResponse } from 'node:http';
import type { FakeCalls } from './twilio-fake-calls.ts';
import type { InboundText, WebhookReply } from './twilio-fake-webhooks.ts';

/** What the control endpoints drive: the fake's own record and its webhook senders. */
export type TwilioFakeControls = {
  sent: unknown[];
  sendInbound: (text: InboundText) => Promise<WebhookReply>;
  reportStatus: (sid: string, status: string, errorCode?: number) => Promise<WebhookReply>;
  calls: FakeCalls;
  voiceWebhook: { signedUrl: string; targetUrl?: string } | undefined;
};

/** The control path prefix; tests in another process (e2e) drive the fake over HTTP through it. */
export const CONTROL_PREFIX = '/__fake/';

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Test-only controls, not part of Twilio's API: `GET /__fake/messages` lists what was sent,
 * `POST /__fake/inbound {from, to, body, messageSid?, media?}` texts the app, and
 * `POST /__fake/status {sid, status, errorCode?}` reports a delivery status; both answer with the app's reply.
 * Voice: `GET /__fake/calls` lists the calls with what their media streams carried,
 * `POST /__fake/calls/inbound {from, to}` rings the app's voice webhook, and
 * `POST /__fake/calls/{sid}/hangup` hangs the callee up, `POST /__fake/calls/{sid}/keys {keys}`
 * presses keypad keys on the call (`dtmf` messages on its media stream), and
 * `POST /__fake/calls/callee {hangUpAfterMs: number | null}` sets when the next calls' callees hang up
 * (null: never, until the app ends the call).
 */
export function handleControl(
  controls: TwilioFakeControls,
  method: string,
  path: string,
  body: string,
  res: ServerResponse,
) {
  const action = path.slice(CONTROL_PREFIX.length);
  if (method === 'GET' && action === 'messages') return reply(res, 200, controls.sent);
  if (method === 'GET' && action === 'calls') return reply(res, 200, controls.calls.calls);
  if (method !== 'POST') return reply(res, 405, { message: 'Method not allowed' });
  let input: Record<string, unknown>;
  try {
    input = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return reply(res, 400, { message: 'Send JSON' });
  }
  const forward = (work: Promise<WebhookReply>) =>
    work.then(
      (answer) => reply(res, 200, answer),
      (error: unknown) =>
        reply(res, 502, { message: error instanceof Error ? error.message : String(error) }),
    );
  if (action === 'inbound') return forward(controls.sendInbound(input as unknown as InboundText));
  if (action === 'calls/inbound') {
    const webhook = controls.voiceWebhook;
    if (!webhook) return reply(res, 409, { message: 'No voiceWebhook configured' });
    return controls.calls.placeInbound({ from: String(input.from), to: String(input.to) }, webhook).then(
      (placed) => reply(res, 200, placed),
      (error: unknown) =>
        reply(res, 502, { message: error instanceof Error ? error.message : String(error) }),
    );
  }
  if (action === 'calls/callee') {
    const after = input.hangUpAfterMs;
    if (after !== null && (typeof after !== 'number' || after < 0))
      return reply(res, 400, { message: 'hangUpAfterMs must be a number of ms or null' });
    controls.calls.callee = { ...controls.calls.callee, hangUpAfterMs: after ?? undefined };
    return reply(res, 200, { hangUpAfterMs: after });
  }
  const keys = /^calls\/(CA\w+)\/keys$/.exec(action);
  if (keys?.[1]) {
    try {
      controls.calls.pressKeys(keys[1], String(input.keys ?? ''));
      return reply(res, 200, { pressed: input.keys });
    } catch (error) {
      return reply(res, 409, { message: error instanceof Error ? error.message : String(error) });
    }
  }
  const hangUp = /^calls\/(CA\w+)\/hangup$/.exec(action);
  if (hangUp?.[1]) return controls.calls.hangUp(hangUp[1]).then(() => reply(res, 200, { hungUp: hangUp[1] }));
  if (action === 'status') {
    return forward(
      controls.reportStatus(String(input.sid), String(input.status), input.errorCode as number | undefined),
    );
  }
  return reply(res, 404, { message: `Unknown control ${action}` });
}
