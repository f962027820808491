import type { ServerEvent } from 'openai/resources/live/live';
import { CallFigures, type LiveUsage, type MeasuredCall } from '../call-figures.ts';
import type { ToolRunner } from '../realtime-tool-runner.ts';

// The SDK TranscriptGrouper's minimum separation between turns.
const TURN_SEPARATION_MS = 500;

type Usage = {
  input_tokens?: number;
  output_tokens?: number;
  input_tokens_details?: { cached_tokens?: number };
  output_tokens_details?: { reasoning_tokens?: number };
};

/**
 * The figures of a GPT-Live call, read from the session's own timeline. A turn's latency runs from the
 * end of the caller's last transcript fragment to the start of the assistant's next one (both in
 * session milliseconds, so our own transport is not in it); an interruption is the caller speaking over
 * the assistant, after which the model yields. Voice usage is the cumulative `usage.seconds`; backend
 * tokens come from each delegated `response.completed`.
 */
export class LiveCallFigures {
  private readonly common = new CallFigures();
  private readonly latencies: number[] = [];
  private interruptions = 0;
  /** The end of the caller's speech not yet answered, in session ms. */
  private callerEndedAt: number | null = null;
  /** The end of the assistant's latest fragment, and whether the caller already cut that stretch short. */
  private assistantEndsAt = -1;
  private stretchInterrupted = false;
  /**
   * The first fragment after the caller stopped, not yet known to be a reply: if the caller goes on at
   * once (within the SDK grouper's 500 ms turn separation) it was a backchannel ("mm-hmm"), not an answer.
   */
  private candidate: { latencyMs: number; endMs: number } | null = null;
  private seconds = 0;
  private readonly backend = { input: 0, cached: 0, output: 0, reasoning: 0 };
  private readonly models: Pick<LiveUsage, 'model' | 'backendModel'>;

  constructor(models: Pick<LiveUsage, 'model' | 'backendModel'>) {
    this.models = models;
  }

  observe(event: ServerEvent): void {
    switch (event.type) {
      case 'session.input_transcript.delta':
        if (!event.delta.trim()) break;
        if (this.candidate && event.start_ms < this.candidate.endMs + TURN_SEPARATION_MS)
          this.candidate = null;
        else this.settleCandidate();
        // The caller spoke while the assistant was still speaking: the model yields to them.
        if (event.start_ms < this.assistantEndsAt && !this.stretchInterrupted) {
          this.interruptions += 1;
          this.stretchInterrupted = true;
        }
        this.callerEndedAt = Math.max(this.callerEndedAt ?? 0, event.end_ms);
        break;
      case 'session.output_transcript.delta':
        if (!event.delta.trim()) break;
        if (event.start_ms >= this.assistantEndsAt) this.stretchInterrupted = false;
        this.assistantEndsAt = Math.max(this.assistantEndsAt, event.end_ms);
        if (this.candidate) this.settleCandidate();
        else if (this.callerEndedAt !== null && event.start_ms >= this.callerEndedAt) {
          this.candidate = { latencyMs: event.start_ms - this.callerEndedAt, endMs: event.end_ms };
          this.callerEndedAt = null;
        }
        break;
      case 'session.usage.updated':
      case 'session.closed':
        this.seconds = Math.max(this.seconds, event.usage.seconds);
        break;
      case 'response.event': {
        const inner = event.event as { type?: string; response?: { usage?: Usage } };
        const usage = inner.type === 'response.completed' ? inner.response?.usage : undefined;
        if (!usage) break;
        this.backend.input += usage.input_tokens ?? 0;
        this.backend.cached += usage.input_tokens_details?.cached_tokens ?? 0;
        this.backend.output += usage.output_tokens ?? 0;
        this.backend.reasoning += usage.output_tokens_details?.reasoning_tokens ?? 0;
        break;
      }
      default:
        break;
    }
  }

  /** The candidate reply stands: the assistant went on speaking, or the caller waited before answering. */
  private settleCandidate(): void {
    if (this.candidate) this.latencies.push(this.candidate.latencyMs);
    this.candidate = null;
  }

  /** Wraps a tool runner so each run is timed and its outcome kept. */
  timeTools(run: ToolRunner): ToolRunner {
    return this.common.timeTools(run);
  }

  snapshot(): MeasuredCall {
    return {
      ...this.common.snapshot(),
      latenciesMs: this.candidate ? [...this.latencies, this.candidate.latencyMs] : [...this.latencies],
      interruptions: this.interruptions,
      live: { ...this.models, seconds: this.seconds, backend: { ...this.backend } },
    };
  }
}
