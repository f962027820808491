import OpenAI from 'openai';
import { LiveWS } from 'openai/resources/live/ws';
import type { RealtimeProviderSettings } from './openai-realtime-ws.ts';

/** Why a GPT-Live connection could not be opened; the message is safe to show an admin. */
export class LiveConnectError extends Error {
  override name = 'LiveConnectError';
}

/**
 * Opens GPT-Live's primary WebSocket (`/v1/live/sessions`, no query string: the model goes in
 * `session.start`) with the official SDK, and resolves once it is open. Reconnection stays off: a
 * reconnected socket would be a new session that remembers nothing of the call.
 */
export function openLiveSocket(settings: RealtimeProviderSettings): Promise<LiveWS> {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0 });
  const live = new LiveWS(client, settings.ca ? { ca: settings.ca } : undefined);
  // The SDK's wrapper around the `ws` socket; its handshake and open are the `ws` socket's own.
  const raw = live.socket.platformSocket;
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      raw.removeAllListeners('open');
      reject(new LiveConnectError(`GPT-Live connection failed: ${(error as Error).message ?? error}`));
    };
    // An error listener is mandatory: the SDK reports failures as unhandled rejections otherwise.
    live.on('error', fail);
    raw.once('unexpected-response', (_request, response) => {
      response.resume();
      raw.terminate();
      fail(new Error(`HTTP ${response.statusCode}`));
    });
    raw.once('open', () => {
      live.off('error', fail);
      resolve(live);
    });
  });
}
