import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's one metrics registry (Prometheus text format, served by metrics-server.ts). Every label
 * value is bounded: route templates, engine and provider names, queue and tool names from the code. No
 * user, tenant, phone number or e-mail is ever a label (docs/operations.md "Metrics").
 */
export const registry = new Registry();

// Node's own: event-loop delay, heap and resident memory, GC pauses, handles, CPU, open files.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
// Gauges named like counters (promtool check metrics refuses them); `nodejs_active_handles` and the
// others without `_total` carry the same figures.
for (const name of [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
])
  registry.removeSingleMetric(name);

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TURN_SECONDS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 8];
const FRAME_SECONDS = [0.001, 0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32];

export const httpRequests = new Histogram({
  name: 'annie_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status, with their duration',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const rateLimited = new Counter({
  name: 'annie_http_rate_limited_total',
  help: 'Requests answered 429 (too many), by route template',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const loginFailures = new Counter({
  name: 'annie_login_failures_total',
  help: 'Sign-ins refused: a wrong password, or the attempt limits spent (429)',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const callsStarted = new Counter({
  name: 'annie_calls_started_total',
  help: 'Conversations opened on a voice engine, by use (phone call, console test) and engine',
  labelNames: ['use', 'engine'] as const,
  registers: [registry],
});

export const turnLatency = new Histogram({
  name: 'annie_call_turn_latency_seconds',
  help: "Per caller turn: their speech ended → the reply's first audio went to them",
  labelNames: ['use', 'engine'] as const,
  buckets: TURN_SECONDS,
  registers: [registry],
});

export const frameDelay = new Histogram({
  name: 'annie_call_frame_delay_seconds',
  help: "How late each caller audio frame reached the engine, against the frames' own clock",
  labelNames: ['use', 'engine'] as const,
  buckets: FRAME_SECONDS,
  registers: [registry],
});

export const framesLate = new Counter({
  name: 'annie_call_frames_late_total',
  help: 'Caller frames that reached the engine more than 40 ms late (two frames: an audible gap)',
  labelNames: ['use', 'engine'] as const,
  registers: [registry],
});

export const framesDropped = new Counter({
  name: 'annie_call_frames_dropped_total',
  help: 'Audio frames dropped: caller audio beyond the early buffer, or assistant audio to a closed stream',
  labelNames: ['direction'] as const,
  registers: [registry],
});

export const interruptions = new Counter({
  name: 'annie_call_interruptions_total',
  help: 'Replies the caller cut short (barge-in)',
  labelNames: ['use', 'engine'] as const,
  registers: [registry],
});

export const toolRuns = new Histogram({
  name: 'annie_tool_run_duration_seconds',
  help: 'Tool runs during calls, by tool and outcome, with their duration',
  labelNames: ['tool', 'outcome'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const providerCalls = new Histogram({
  name: 'annie_provider_request_duration_seconds',
  help: 'Outbound requests to providers (openai, twilio, google, chemistry), by outcome, until the answer',
  labelNames: ['provider', 'outcome'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const jobsDone = new Counter({
  name: 'annie_jobs_total',
  help: 'Jobs handled by this instance, by queue and outcome (completed, failed, deadletter)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const scheduleRuns = new Counter({
  name: 'annie_schedule_runs_total',
  help: 'Scheduled runs on this instance, by schedule and outcome',
  labelNames: ['schedule', 'outcome'] as const,
  registers: [registry],
});

export const liveHubResyncs = new Counter({
  name: 'annie_live_hub_resyncs_total',
  help: 'Times the live hub reconnected its LISTEN connection and told its subscribers to resync',
  registers: [registry],
});

export const releaseServed = new Counter({
  name: 'annie_release_served_total',
  help: 'Remote releases handed to signed-in users, by remote and version',
  labelNames: ['remote', 'version'] as const,
  registers: [registry],
});

export const releaseLoadErrors = new Counter({
  name: 'annie_release_load_errors_total',
  help: 'Load-error reports from browsers, by remote',
  labelNames: ['remote'] as const,
  registers: [registry],
});

export const backupLastSuccess = new Gauge({
  name: 'annie_backup_last_success_timestamp_seconds',
  help: 'When the last scheduled backup this instance ran succeeded (Unix seconds)',
  registers: [registry],
});

// A label value from the code (a queue, tool, schedule or remote name, a version): anything else is `other`.
// Never a phone number (six digits or more) nor an id (a UUID's head).
const NAME = /^[A-Za-z0-9_.:+-]{1,64}$/;
const NOT_A_NAME = /^\+?\d{6,}$|^[0-9a-f]{8}-[0-9a-f]{4}-/i;
export const boundedName = (value: string | undefined): string =>
  value && NAME.test(value) && !NOT_A_NAME.test(value) ? value : 'other';

/** The releases a user was just handed (remote-registry.ts), counted by remote and version. */
export function countServed(served: { remote: string; version: string }[]): void {
  for (const release of served)
    releaseServed.inc({ remote: boundedName(release.remote), version: boundedName(release.version) });
}
