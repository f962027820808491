import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import type { ToolRunner } from './realtime-tool-runner.ts';

/** Tokens by kind; cached tokens are a part of the input ones, as OpenAI counts them. */
export type VoiceTokenCounts = {
  inputText: number;
  inputAudio: number;
  cachedText: number;
  cachedAudio: number;
  outputText: number;
  outputAudio: number;
};

export type TranscriptionCounts = { inputText: number; inputAudio: number; output: number; seconds: number };

export type ToolFigure = { name: string; durationMs: number; outcome: 'ok' | 'error' };

/**
 * A GPT-Live call's own usage: the voice model bills active seconds (cumulative, as OpenAI last
 * reported them), the Responses backend bills tokens (reasoning tokens are a part of the output ones).
 */
export type LiveUsage = {
  model: string;
  seconds: number;
  backendModel: string;
  backend: { input: number; cached: number; output: number; reasoning: number };
};

/** What a bridge measured over one call, as plain numbers (pricing and storage are the caller's). */
export type MeasuredCall = {
  /** Per caller turn: their speech ended → the reply's first audio went to the caller, in ms. */
  latenciesMs: number[];
  interruptions: number;
  tools: ToolFigure[];
  voice: VoiceTokenCounts;
  transcription: TranscriptionCounts;
  /** Set on a GPT-Live call, whose voice and transcripts are billed by the second, not by the token. */
  live?: LiveUsage;
};

/** A tool's output that reports a failure (the tool runners answer `{ error }` rather than throw). */
const failed = (output: unknown) =>
  !!output && typeof output === 'object' && 'error' in (output as Record<string, unknown>);

/**
 * The measuring side of a bridge: fed every server event and every audio chunk sent to the caller,
 * it keeps counters only (no allocation per audio chunk), so recording costs next to nothing per event.
 */
export class CallFigures {
  private readonly latencies: number[] = [];
  private interruptionCount = 0;
  private readonly toolRuns: ToolFigure[] = [];
  private readonly voice: VoiceTokenCounts = {
    inputText: 0,
    inputAudio: 0,
    cachedText: 0,
    cachedAudio: 0,
    outputText: 0,
    outputAudio: 0,
  };
  private readonly transcription: TranscriptionCounts = {
    inputText: 0,
    inputAudio: 0,
    output: 0,
    seconds: 0,
  };
  /** When the caller last stopped speaking, until the reply's first audio goes out. */
  private waitingSince: number | null = null;
  private readonly clock: () => number;

  constructor(clock: () => number = () => performance.now()) {
    this.clock = clock;
  }

  /** Every server event: the end of the caller's speech, and the usage OpenAI reports. */
  observe(event: RealtimeServerEvent): void {
    switch (event.type) {
      case 'input_audio_buffer.speech_stopped':
        this.waitingSince = this.clock();
        break;
      case 'response.done': {
        const usage = event.response.usage;
        if (!usage) break;
        const input = usage.input_token_details;
        const output = usage.output_token_details;
        this.voice.inputText += input?.text_tokens ?? 0;
        this.voice.inputAudio += input?.audio_tokens ?? 0;
        this.voice.cachedText += input?.cached_tokens_details?.text_tokens ?? 0;
        this.voice.cachedAudio += input?.cached_tokens_details?.audio_tokens ?? 0;
        this.voice.outputText += output?.text_tokens ?? 0;
        this.voice.outputAudio += output?.audio_tokens ?? 0;
        break;
      }
      case 'conversation.item.input_audio_transcription.completed': {
        const usage = event.usage;
        if (!usage) break;
        if (usage.type === 'duration') this.transcription.seconds += usage.seconds;
        else {
          this.transcription.inputText += usage.input_token_details?.text_tokens ?? 0;
          this.transcription.inputAudio += usage.input_token_details?.audio_tokens ?? usage.input_tokens;
          this.transcription.output += usage.output_tokens;
        }
        break;
      }
      default:
        break;
    }
  }

  /** Assistant audio is going to the caller: the first chunk after their turn ends its wait. */
  audioSent(): void {
    if (this.waitingSince === null) return;
    this.latencies.push(this.clock() - this.waitingSince);
    this.waitingSince = null;
  }

  /** The caller cut a reply short. */
  interrupted(): void {
    this.interruptionCount += 1;
  }

  /** A tool run timed elsewhere (a browser call's tools run outside the server that measures). */
  toolRan(figure: ToolFigure): void {
    this.toolRuns.push(figure);
  }

  /** Wraps a tool runner so each run is timed and its outcome kept. */
  timeTools(run: ToolRunner): ToolRunner {
    return async (name, args) => {
      const started = this.clock();
      try {
        const output = await run(name, args);
        this.toolRuns.push({
          name,
          durationMs: this.clock() - started,
          outcome: failed(output) ? 'error' : 'ok',
        });
        return output;
      } catch (error) {
        this.toolRuns.push({ name, durationMs: this.clock() - started, outcome: 'error' });
        throw error;
      }
    };
  }

  /** A copy of what was measured so far (a live panel may read it mid-call). */
  snapshot(): MeasuredCall {
    return {
      latenciesMs: [...this.latencies],
      interruptions: this.interruptionCount,
      tools: [...this.toolRuns],
      voice: { ...this.voice },
      transcription: { ...this.transcription },
    };
  }
}

/** The figures of a call that ended before its bridge opened: nothing measured. */
export const nothingMeasured = (): MeasuredCall => new CallFigures().snapshot();
