import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { CallFigures, type MeasuredCall } from '../bridge/index.ts';

/** A tool's output that reports a failure (the browser's tool relay answers `{ error }`). */
function reportsError(output: unknown): boolean {
  if (typeof output !== 'string') return false;
  try {
    const parsed: unknown = JSON.parse(output);
    return !!parsed && typeof parsed === 'object' && 'error' in parsed;
  } catch {
    return false;
  }
}

/**
 * A browser call measured from the server's sideband connection: the audio goes straight between
 * the browser and OpenAI, so the events stand in for what a bridge sees. The reply's audio starts
 * reaching the caller at `output_audio_buffer.started`, a reply cut short is `output_audio_buffer.cleared`,
 * and a tool runs from the model's function call (its `response.done`) to its output joining the
 * conversation. Both ends of each interval travel the same sideband, so its own delay cancels out.
 */
export class SidebandFigures {
  private readonly figures: CallFigures;
  private readonly clock: () => number;
  /** Function calls waiting for their output, by call id. */
  private readonly pendingTools = new Map<string, { name: string; since: number }>();

  constructor(clock: () => number = () => performance.now()) {
    this.clock = clock;
    this.figures = new CallFigures(clock);
  }

  observe(event: RealtimeServerEvent): void {
    this.figures.observe(event);
    switch (event.type) {
      case 'output_audio_buffer.started':
        this.figures.audioSent();
        break;
      case 'output_audio_buffer.cleared':
        this.figures.interrupted();
        break;
      case 'response.done':
        for (const item of event.response.output ?? []) {
          if (item.type === 'function_call' && item.call_id)
            this.pendingTools.set(item.call_id, { name: item.name, since: this.clock() });
        }
        break;
      case 'conversation.item.added': {
        const item = event.item;
        if (item.type !== 'function_call_output') break;
        const pending = this.pendingTools.get(item.call_id);
        if (!pending) break;
        this.pendingTools.delete(item.call_id);
        this.figures.toolRan({
          name: pending.name,
          durationMs: this.clock() - pending.since,
          outcome: reportsError(item.output) ? 'error' : 'ok',
        });
        break;
      }
      default:
        break;
    }
  }

  snapshot(): MeasuredCall {
    return this.figures.snapshot();
  }
}
