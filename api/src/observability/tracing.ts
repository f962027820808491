import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  type Sampler,
  SimpleSpanProcessor,
  type SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/**
 * Traces with the OpenTelemetry SDK, off unless started: OTEL_EXPORTER_OTLP_ENDPOINT set (main.ts), or a
 * test's in-memory exporter. While off, `tracingOn` is false and every helper here runs its work bare
 * (no span object, no context switch): the cost is one boolean test.
 */
export let tracingOn = false;
let provider: TracerProvider | undefined;
const tracer = () => trace.getTracer('annie-api');

export type TracingSettings = {
  serviceName: string;
  /** An in-memory or test exporter; without it, OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT. */
  exporter?: SpanExporter;
  /** Which traces are kept (`samplerFor`); unset: every one. */
  sampler?: Sampler;
};

/** OpenTelemetry's sampler names (OTEL_TRACES_SAMPLER), the ones this API takes. */
export const SAMPLER_NAMES = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof SAMPLER_NAMES)[number];

/**
 * The sampler OTEL_TRACES_SAMPLER names, with OTEL_TRACES_SAMPLER_ARG as the ratio of the `traceidratio`
 * ones (1 when unset, as OpenTelemetry's spec says). The SDK does not read these variables itself. A
 * `parentbased_` sampler decides once per trace, at its root: a phone call or a request is kept whole
 * (its turns, tool runs and SQL) or not at all.
 */
export function samplerFor(name: SamplerName, ratio = 1): Sampler {
  const root = name.endsWith('always_off')
    ? new AlwaysOffSampler()
    : name.endsWith('traceidratio')
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** Starts tracing for the process (once); resolves to its shutdown, which flushes what is left. */
export async function startTracing(settings: TracingSettings): Promise<() => Promise<void>> {
  if (provider) return () => Promise.resolve();
  const exporter = settings.exporter ?? (await otlpExporter());
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: settings.sampler,
    // A test's exporter sees each span as it ends; OTLP gets them in batches, off the hot path.
    spanProcessors: [
      settings.exporter ? new SimpleSpanProcessor({ exporter }) : new BatchSpanProcessor({ exporter }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  tracingOn = true;
  const started = provider;
  return async () => {
    await started.shutdown();
  };
}

async function otlpExporter(): Promise<SpanExporter> {
  // Loaded only when tracing is on; it reads OTEL_EXPORTER_OTLP_ENDPOINT (and _HEADERS) itself.
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new OTLPTraceExporter();
}

/** Starts a span under the active one (or `parent`); undefined while tracing is off. */
export function startSpan(
  name: string,
  attributes?: Attributes,
  options: { parent?: Context; kind?: SpanKind } = {},
): Span | undefined {
  if (!tracingOn) return undefined;
  return tracer().startSpan(name, { attributes, kind: options.kind }, options.parent ?? context.active());
}

/** Ends a span, marking it failed when `error` is given. */
export function endSpan(span: Span | undefined, error?: unknown): void {
  if (!span) return;
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
  }
  span.end();
}

/** Runs `work` inside a span that ends with it (failed if it throws); bare while tracing is off. */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  const span = startSpan(name, attributes);
  if (!span) return work();
  try {
    const result = await context.with(trace.setSpan(context.active(), span), work);
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/** Runs `work` with `span` as the active one (its children, its log lines' trace id). */
export function withSpan<T>(span: Span | undefined, work: () => T): T {
  if (!span) return work();
  return context.with(trace.setSpan(context.active(), span), work);
}

/**
 * The trace and span ids of a span, as log fields; none for a span its trace's sampler dropped (no
 * collector holds that trace, so an id in the log would lead nowhere).
 */
export function traceFieldsOf(span: Span | undefined): { traceId?: string; spanId?: string } {
  if (!span?.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** pino's mixin: the active span's trace id on every log line written inside it. */
export function logTraceFields(): { traceId?: string; spanId?: string } {
  if (!tracingOn) return {};
  return traceFieldsOf(trace.getActiveSpan());
}

export { SpanKind };
