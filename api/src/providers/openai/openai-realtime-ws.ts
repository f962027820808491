import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';

export type RealtimeProviderSettings = {
  apiKey: string;
  /** `https://api.openai.com/v1` in production; a loopback fake in tests. */
  baseURL?: string;
  /** Extra certificate authority to trust (the fake's self-signed certificate in tests). */
  ca?: string;
};

/** Why a realtime connection could not be opened; the message is safe to show an admin. */
export class RealtimeConnectError extends Error {
  override name = 'RealtimeConnectError';
}

/** OpenAI's `{error: {message}}` from a refused handshake, as `: message`, or nothing. */
function errorMessageOf(body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' && message ? `: ${message.slice(0, 300)}` : '';
  } catch {
    return '';
  }
}

/**
 * Opens a realtime WebSocket to OpenAI with the official SDK and resolves once it is open: a new
 * session of `model`, or (`{ callID }`) the server-side "sideband" connection to a WebRTC call already
 * running. The SDK always dials wss://, whatever the base URL's scheme.
 */
export function openRealtimeSocket(
  settings: RealtimeProviderSettings,
  target: string | { callID: string },
): Promise<OpenAIRealtimeWS> {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, maxRetries: 0 });
  const to = typeof target === 'string' ? { model: target } : target;
  const rt = new OpenAIRealtimeWS({ ...to, options: settings.ca ? { ca: settings.ca } : undefined }, client);
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      rt.socket.removeAllListeners('open');
      reject(new RealtimeConnectError(`Realtime connection failed: ${(error as Error).message ?? error}`));
    };
    // An error listener is mandatory: the SDK reports failures as unhandled rejections otherwise.
    rt.on('error', fail);
    // With this listener, `ws` leaves the refused handshake open: read OpenAI's error, then close it.
    rt.socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < 4096) body += chunk;
      });
      response.once('end', () => {
        rt.socket.terminate();
        fail(new Error(`HTTP ${response.statusCode}${errorMessageOf(body)}`));
      });
      response.once('error', () => rt.socket.terminate());
    });
    rt.socket.once('open', () => {
      rt.off('error', fail);
      resolve(rt);
    });
  });
}
