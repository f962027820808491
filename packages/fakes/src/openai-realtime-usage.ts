/**
 * `usage` as the Realtime GA API reports it: on `response.done` (response.usage) and on a finished input
 * transcription. The counts are deterministic so a test can sum what a fake sent; their shape follows
 * the API's (cached tokens are a subset of input tokens; details add up to their totals).
 */
export type RealtimeResponseUsage = {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  input_token_details: {
    text_tokens: number;
    audio_tokens: number;
    image_tokens: number;
    cached_tokens: number;
    cached_tokens_details: { text_tokens: number; audio_tokens: number; image_tokens: number };
  };
  output_token_details: { text_tokens: number; audio_tokens: number };
};

/** A transcription model billed by tokens (`type: 'tokens'`), as on `...input_audio_transcription.completed`. */
export type RealtimeTranscriptionUsage = {
  type: 'tokens';
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
  input_token_details: { text_tokens: number; audio_tokens: number };
};

/** A transcription model billed by audio duration (`type: 'duration'`). */
export type RealtimeTranscriptionDuration = { type: 'duration'; seconds: number };

// OpenAI bills these by the minute of audio; the rest of its transcription models by tokens.
const BILLED_BY_DURATION = ['gpt-transcribe', 'gpt-live-transcribe', 'gpt-realtime-whisper', 'whisper-1'];

/** Text tokens of a string: about four characters a token. */
export const textTokens = (text: string) => Math.ceil(text.length / 4);
/** Caller audio costs a token per 100 ms; the assistant's a token per 50 ms. */
export const userAudioTokens = (ms: number) => Math.ceil(ms / 100);
export const assistantAudioTokens = (ms: number) => Math.ceil(ms / 50);

/**
 * One session's running conversation: every response reads the whole context (instructions and the
 * turns so far) as input, and the part an earlier response already read is served from the cache.
 */
export class RealtimeUsageMeter {
  private contextText = 0;
  private contextAudio = 0;
  private cachedText = 0;
  private cachedAudio = 0;
  /** Every usage sent, in order (tests sum them). */
  readonly responses: RealtimeResponseUsage[] = [];
  readonly transcriptions: (RealtimeTranscriptionUsage | RealtimeTranscriptionDuration)[] = [];

  /** The session's instructions join the context once they are set. */
  instructions(text: string): void {
    this.contextText += textTokens(text);
  }

  /** A caller's turn of `audioMs` transcribed as `transcript` by `model`: that model's usage. */
  userTurn(
    transcript: string,
    audioMs: number,
    model?: unknown,
  ): RealtimeTranscriptionUsage | RealtimeTranscriptionDuration {
    const audio = userAudioTokens(audioMs);
    this.contextAudio += audio;
    if (typeof model === 'string' && BILLED_BY_DURATION.includes(model)) {
      const duration = { type: 'duration' as const, seconds: Math.round(audioMs) / 1000 };
      this.transcriptions.push(duration);
      return duration;
    }
    const output = textTokens(transcript);
    const usage: RealtimeTranscriptionUsage = {
      type: 'tokens',
      input_tokens: audio,
      output_tokens: output,
      total_tokens: audio + output,
      input_token_details: { text_tokens: 0, audio_tokens: audio },
    };
    this.transcriptions.push(usage);
    return usage;
  }

  /** A response that said `text` (and `audioMs` of it as audio, 0 for a tool call). */
  response(text: string, audioMs: number): RealtimeResponseUsage {
    const outText = textTokens(text);
    const outAudio = assistantAudioTokens(audioMs);
    const input = this.contextText + this.contextAudio;
    const cached = this.cachedText + this.cachedAudio;
    const usage: RealtimeResponseUsage = {
      total_tokens: input + outText + outAudio,
      input_tokens: input,
      output_tokens: outText + outAudio,
      input_token_details: {
        text_tokens: this.contextText,
        audio_tokens: this.contextAudio,
        image_tokens: 0,
        cached_tokens: cached,
        cached_tokens_details: {
          text_tokens: this.cachedText,
          audio_tokens: this.cachedAudio,
          image_tokens: 0,
        },
      },
      output_token_details: { text_tokens: outText, audio_tokens: outAudio },
    };
    this.cachedText = this.contextText;
    this.cachedAudio = this.contextAudio;
    this.contextText += outText;
    this.contextAudio += outAudio;
    this.responses.push(usage);
    return usage;
  }
}
