import { z } from 'zod';

/**
 * The OpenAI models the product uses by default, and those OpenAI has shut down or announced for
 * shutdown, as its deprecations page and the openai SDK's model types (7.57) list them on 2026-11-26.
 */
export const DEFAULT_REALTIME_MODEL = 'gpt-realtime-2.1';
export const DEFAULT_TEXT_MODEL = 'gpt-6-luna';
/** Transcribes the caller's committed turns inside a realtime session. */
export const DEFAULT_TRANSCRIPTION_MODEL = 'gpt-transcribe';

type Lifecycle = { shutdownDate: string; replacement: string };

const PREVIEW_REALTIME_SHUTDOWN = '2026-05-07';
const REALTIME_V1_SHUTDOWN = '2027-01-20';

/** Every model name with a shutdown date, by kind; a date in the past means OpenAI no longer serves it. */
const LIFECYCLES: Record<string, Lifecycle> = {
  ...Object.fromEntries(
    [
      'gpt-4o-realtime-preview',
      'gpt-4o-realtime-preview-2024-10-01',
      'gpt-4o-realtime-preview-2024-12-17',
      'gpt-4o-realtime-preview-2025-06-03',
    ].map((name) => [name, { shutdownDate: PREVIEW_REALTIME_SHUTDOWN, replacement: DEFAULT_REALTIME_MODEL }]),
  ),
  ...Object.fromEntries(
    ['gpt-4o-mini-realtime-preview', 'gpt-4o-mini-realtime-preview-2024-12-17'].map((name) => [
      name,
      { shutdownDate: PREVIEW_REALTIME_SHUTDOWN, replacement: 'gpt-realtime-2.1-mini' },
    ]),
  ),
  'gpt-realtime': { shutdownDate: REALTIME_V1_SHUTDOWN, replacement: DEFAULT_REALTIME_MODEL },
  'gpt-realtime-2025-08-28': { shutdownDate: REALTIME_V1_SHUTDOWN, replacement: DEFAULT_REALTIME_MODEL },
  'gpt-realtime-mini': { shutdownDate: REALTIME_V1_SHUTDOWN, replacement: 'gpt-realtime-2.1-mini' },
  'gpt-realtime-mini-2025-12-15': {
    shutdownDate: REALTIME_V1_SHUTDOWN,
    replacement: 'gpt-realtime-2.1-mini',
  },
  ...Object.fromEntries(
    ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4o', 'gpt-4o-mini'].map((name) => [
      name,
      { shutdownDate: '2027-01-14', replacement: DEFAULT_TEXT_MODEL },
    ]),
  ),
  ...Object.fromEntries(
    ['gpt-4.1-nano', 'o4-mini', 'o3-mini', 'o1', 'gpt-4-turbo', 'gpt-4', 'gpt-3.5-turbo'].map((name) => [
      name,
      { shutdownDate: '2026-10-23', replacement: DEFAULT_TEXT_MODEL },
    ]),
  ),
  ...Object.fromEntries(
    ['whisper-1', 'gpt-4o-mini-transcribe', 'gpt-4o-transcribe'].map((name) => [
      name,
      { shutdownDate: '2027-02-26', replacement: DEFAULT_TRANSCRIPTION_MODEL },
    ]),
  ),
};

export const modelStatusSchema = z.strictObject({
  model: z.string(),
  /** `retired`: OpenAI no longer serves it; `deprecated`: still served until `shutdownDate`. */
  state: z.enum(['current', 'deprecated', 'retired']),
  shutdownDate: z.string().nullable(),
  replacement: z.string().nullable(),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;

/** What OpenAI's lifecycle says of `model` on `today` (YYYY-MM-DD); unlisted names count as current. */
export function modelStatus(model: string, today = new Date().toISOString().slice(0, 10)): ModelStatus {
  const lifecycle = LIFECYCLES[model];
  if (!lifecycle) return { model, state: 'current', shutdownDate: null, replacement: null };
  return {
    model,
    state: lifecycle.shutdownDate <= today ? 'retired' : 'deprecated',
    ...lifecycle,
  };
}

/** A human line for a retired or deprecated model: when it goes and what to pick instead. */
export function describeModelStatus(status: ModelStatus): string | null {
  if (status.state === 'current') return null;
  const when =
    status.state === 'retired'
      ? `was shut down by OpenAI on ${status.shutdownDate}`
      : `shuts down on ${status.shutdownDate}`;
  return `${status.model} ${when}; pick ${status.replacement} instead`;
}
