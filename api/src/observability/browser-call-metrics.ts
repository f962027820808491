import { boundedName, callsStarted, interruptions, toolRuns, turnLatency } from './metrics.ts';

/** What a call's figures hold, as the metrics read them (bridge/call-figures.ts's MeasuredCall). */
type MeasuredFigures = {
  latenciesMs: number[];
  interruptions: number;
  tools: { name: string; durationMs: number; outcome: 'ok' | 'error' }[];
  live?: unknown;
};

const BROWSER = 'browser';

/**
 * A browser call answered (its audio goes straight between the browser and OpenAI, on `engine`): counted
 * beside the phone calls and console tests the bridge opens.
 */
export function browserCallStarted(engine: 'realtime' | 'live'): void {
  callsStarted.inc({ use: BROWSER, engine });
}

/**
 * A browser call's figures once it has ended, as measured on its sideband: each turn's latency, the
 * interruptions, and each tool run by name and outcome (no bridge sees them run, so they are counted here).
 */
export function recordBrowserCallMetrics(measured: MeasuredFigures): void {
  const labels = { use: BROWSER, engine: measured.live ? 'live' : 'realtime' };
  for (const ms of measured.latenciesMs) turnLatency.observe(labels, ms / 1000);
  if (measured.interruptions > 0) interruptions.inc(labels, measured.interruptions);
  for (const tool of measured.tools)
    toolRuns.observe({ tool: boundedName(tool.name), outcome: tool.outcome }, tool.durationMs / 1000);
}
