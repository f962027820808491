import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest, IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { providerCalls } from './metrics.ts';
import { endSpan, SpanKind, startSpan } from './tracing.ts';

/** Where each provider is reached: base URLs (the configured ones, the fakes' in a sandbox), longest first. */
export type ProviderBases = { provider: string; base: string }[];

const OFFICIAL: ProviderBases = [
  { provider: 'openai', base: 'https://api.openai.com' },
  { provider: 'twilio', base: 'https://api.twilio.com' },
  { provider: 'google', base: 'https://www.googleapis.com' },
  { provider: 'google', base: 'https://oauth2.googleapis.com' },
];
const GOOGLE_HOST = /^https:\/\/[a-z0-9-]+\.googleapis\.com(\/|$)/;

type InFlight = { provider: string; started: number; span: Span | undefined };
let bases: ProviderBases = OFFICIAL;
let subscribed = false;
const inFlight = new WeakMap<object, InFlight>();

/** The provider a URL belongs to, or undefined (the OTLP exporter, a webhook to elsewhere: not counted). */
export function providerOf(url: string): string | undefined {
  for (const { provider, base } of bases) if (url.startsWith(base)) return provider;
  return GOOGLE_HOST.test(url) ? 'google' : undefined;
}

function begin(request: object, url: string): void {
  const provider = providerOf(url);
  if (!provider) return;
  const span = startSpan(`${provider} request`, { 'annie.provider': provider }, { kind: SpanKind.CLIENT });
  inFlight.set(request, { provider, started: performance.now(), span });
}

function finish(request: object, status: number | undefined, error?: unknown): void {
  const call = inFlight.get(request);
  if (!call) return;
  inFlight.delete(request);
  const outcome = status === undefined || status >= 500 ? 'error' : status >= 400 ? 'refused' : 'ok';
  providerCalls.observe({ provider: call.provider, outcome }, (performance.now() - call.started) / 1000);
  if (call.span && status !== undefined) call.span.setAttribute('http.response.status_code', status);
  endSpan(call.span, outcome === 'error' ? (error ?? new Error(`answered ${status}`)) : undefined);
}

/**
 * Counts and times every outbound request to a provider, whichever client made it (openai's fetch,
 * Twilio's and Google's HTTP clients, the chemistry provider's, the realtime sockets' handshakes): from
 * Node's diagnostics channels for fetch (undici) and node:http, so no provider client is touched.
 */
export function observeProviders(configured: ProviderBases): void {
  bases = [...configured, ...OFFICIAL].sort((a, b) => b.base.length - a.base.length);
  if (subscribed) return;
  subscribed = true;
  subscribe('undici:request:create', (message) => {
    const { request } = message as { request: { origin: string | URL; path: string } };
    begin(request, `${String(request.origin).replace(/\/$/, '')}${request.path}`);
  });
  subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    finish(request, response.statusCode);
  });
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: unknown };
    finish(request, undefined, error);
  });
  subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    begin(
      request,
      `${request.protocol}//${String(request.getHeader('host') ?? request.host)}${request.path}`,
    );
    // A WebSocket handshake answers 101 with an upgrade, never a finished response.
    request.once('upgrade', (response: IncomingMessage) => finish(request, response.statusCode));
  });
  subscribe('http.client.response.finish', (message) => {
    const { request, response } = message as { request: object; response: IncomingMessage };
    finish(request, response.statusCode);
  });
  subscribe('http.client.request.error', (message) => {
    const { request, error } = message as { request: object; error: unknown };
    finish(request, undefined, error);
  });
}

/** The configured providers' base URLs (unset ones fall back to the official hosts). */
export function providerBasesOf(config: Partial<Record<string, unknown>>): ProviderBases {
  const named: [string, string][] = [
    ['openai', 'OPENAI_BASE_URL'],
    ['openai', 'OPENAI_REALTIME_CALLS_BASE_URL'],
    ['openai', 'OPENAI_REALTIME_SIDEBAND_BASE_URL'],
    ['openai', 'OPENAI_LIVE_BASE_URL'],
    ['openai', 'OPENAI_TEXT_BASE_URL'],
    ['twilio', 'TWILIO_API_BASE_URL'],
    ['google', 'GOOGLE_API_ROOT_URL'],
    ['google', 'GOOGLE_OAUTH_BASE_URL'],
    ['chemistry', 'AGT_BASE_URL'],
  ];
  const bases: ProviderBases = [];
  for (const [provider, key] of named) {
    const value = config[key];
    if (typeof value !== 'string') continue;
    // Realtime sockets are reached over ws(s):, their handshake over http(s): the same host.
    const base = value.replace(/^ws/, 'http').replace(/\/$/, '');
    bases.push({ provider, base });
  }
  return bases;
}
