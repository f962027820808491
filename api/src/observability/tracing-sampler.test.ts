import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { type SamplerName, samplerFor, traceFieldsOf } from './tracing.ts';

/** A provider of its own (not the process's global one) with the sampler OTEL_TRACES_SAMPLER names. */
function tracerWith(name: SamplerName, ratio?: number) {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({
    sampler: samplerFor(name, ratio),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  });
  return { tracer: provider.getTracer('test'), exporter };
}

/** Starts `calls` root spans ("phone call"), each with two children ("turn"), and ends them all. */
function playCalls(tracer: ReturnType<typeof tracerWith>['tracer'], calls: number) {
  for (let index = 0; index < calls; index++) {
    const root = tracer.startSpan('phone call');
    const parent = trace.setSpan(context.active(), root);
    for (const turn of ['turn', 'turn']) tracer.startSpan(turn, {}, parent).end();
    root.end();
  }
}

describe('trace sampling (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG)', () => {
  it('keeps every trace by default and none with always_off', () => {
    const on = tracerWith('parentbased_always_on');
    playCalls(on.tracer, 5);
    expect(on.exporter.getFinishedSpans()).toHaveLength(15);
    const off = tracerWith('parentbased_always_off');
    playCalls(off.tracer, 5);
    expect(off.exporter.getFinishedSpans()).toHaveLength(0);
  });

  it('keeps about the given share of calls, each whole: a turn is kept exactly when its call is', () => {
    const { tracer, exporter } = tracerWith('parentbased_traceidratio', 0.25);
    playCalls(tracer, 400);
    const spans = exporter.getFinishedSpans();
    const calls = spans.filter((span) => span.name === 'phone call');
    expect(calls.length).toBeGreaterThan(60);
    expect(calls.length).toBeLessThan(140);
    const keptTraces = new Set(calls.map((span) => span.spanContext().traceId));
    const turns = spans.filter((span) => span.name === 'turn');
    expect(turns).toHaveLength(calls.length * 2);
    for (const turn of turns) expect(keptTraces.has(turn.spanContext().traceId)).toBe(true);
  });

  it('gives no trace id to log lines of a dropped trace, and one to a kept trace', () => {
    const dropped = tracerWith('parentbased_always_off').tracer.startSpan('request');
    expect(traceFieldsOf(dropped)).toEqual({});
    const kept = tracerWith('parentbased_always_on').tracer.startSpan('request');
    expect(traceFieldsOf(kept)).toEqual({
      traceId: kept.spanContext().traceId,
      spanId: kept.spanContext().spanId,
    });
  });

  it('reads the sampler from the environment, and refuses an unknown one or a share above 1', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32) };
    const config = loadConfig({
      ...base,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    });
    expect(config.OTEL_TRACES_SAMPLER).toBe('parentbased_traceidratio');
    expect(config.OTEL_TRACES_SAMPLER_ARG).toBe(0.1);
    expect(loadConfig(base).OTEL_TRACES_SAMPLER).toBe('parentbased_always_on');
    expect(() => loadConfig({ ...base, OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => loadConfig({ ...base, OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
  });
});
