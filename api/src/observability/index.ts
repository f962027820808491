// Observability: Prometheus metrics (metrics.ts, served by metrics-server.ts) and OpenTelemetry traces
// (tracing.ts); the sites that record them call these (docs/operations.md).
export { browserCallStarted, recordBrowserCallMetrics } from './browser-call-metrics.ts';
export { observeEngine, traceCall } from './call-observer.ts';
export { observeRequests } from './http-observer.ts';
export { backupLastSuccess, boundedName, countServed, framesDropped, releaseLoadErrors } from './metrics.ts';
