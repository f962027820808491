// Observability: Prometheus metrics (metrics.ts, served by metrics-server.ts) and OpenTelemetry traces
// (tracing.ts); the sites that record them call these (docs/operations.md).
export { type ObservedApp, observeApp } from './app-metrics.ts';
export { browserCallStarted, recordBrowserCallMetrics } from './browser-call-metrics.ts';
export { observeEngine, traceCall } from './call-observer.ts';
export { observeRequests } from './http-observer.ts';
export {
  backupLastSuccess,
  boundedName,
  countServed,
  framesDropped,
  jobsDone,
  liveHubResyncs,
  registry,
  releaseLoadErrors,
  releaseServed,
  scheduleRuns,
} from './metrics.ts';
export { startMetricsServer } from './metrics-server.ts';
export { observeProviders, providerBasesOf } from './provider-observer.ts';
export { traceQueries } from './sql-spans.ts';
export { inSpan, logTraceFields, startTracing, tracingOn } from './tracing.ts';
