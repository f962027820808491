import type { RealtimeServerEvent } from './connection.ts';

const responseIdOf = (event: RealtimeServerEvent): string | null => {
  if (typeof event.response_id === 'string') return event.response_id;
  const response = event.response as { id?: unknown } | undefined;
  return typeof response?.id === 'string' ? response.id : null;
};

/**
 * The end_call tool ends the call after the goodbye: the model asks for end_call in one response,
 * gets the tool's output, and says goodbye in the next. The call ends when that next response's audio
 * has finished playing (`output_audio_buffer.stopped`), or when it is done without having played any.
 */
export class CallEndWatch {
  #endCallResponseId: string | null = null;
  #requested = false;
  #goodbyeStarted = false;
  #playing = false;

  /** end_call was asked for in response `responseId`. */
  endAfterGoodbye(responseId: string): void {
    this.#requested = true;
    this.#endCallResponseId = responseId;
  }

  /** Follows the event; true once the goodbye is over and the call should end. */
  isGoodbyeOver(event: RealtimeServerEvent): boolean {
    const responseId = responseIdOf(event);
    const isOtherResponse = responseId !== null && responseId !== this.#endCallResponseId;
    if (event.type === 'output_audio_buffer.started') this.#playing = true;
    if (this.#requested && event.type === 'response.created' && isOtherResponse) this.#goodbyeStarted = true;
    if (event.type === 'output_audio_buffer.stopped' || event.type === 'output_audio_buffer.cleared') {
      this.#playing = false;
      return this.#goodbyeStarted && responseId !== this.#endCallResponseId;
    }
    return this.#goodbyeStarted && event.type === 'response.done' && isOtherResponse && !this.#playing;
  }
}
