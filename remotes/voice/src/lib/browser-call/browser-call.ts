import { endCall as endCallSession } from '../../api/end-call.ts';
import { getAiSessionConfig } from '../../api/get-ai-session-config.ts';
import { describeOfferFailure, postRealtimeOffer } from '../../api/post-realtime-offer.ts';
import {
  addConversationMessage,
  createConversation,
  updateConversation,
} from '../../api/record-conversation.ts';
import { getIceServers } from '../../api/use-ice-servers.ts';
import {
  type CurrentTurnDetection,
  functionCallOutputEvent,
  runVoiceTool,
  ToolResponses,
  sessionUpdateEvent as toolSessionUpdateEvent,
} from '../voice-tools/run-voice-tool.ts';
import {
  type BrowserCallConnection,
  openBrowserCallConnection,
  type RealtimeServerEvent,
} from './connection.ts';
import { CallEndWatch } from './end-watch.ts';
import { LIVE_TRANSCRIPT_EVENTS, LiveTranscriptEvents } from './live-transcript.ts';
import {
  DISABLE_TURN_DETECTION_EVENT,
  defaultSessionConfig,
  RESPONSE_CREATE_EVENT,
  sessionUpdateEvent,
  turnDetectionOf,
} from './session-update.ts';
import { type CallAction, type completedEntry, conversationTitle } from './state.ts';
import { TranscriptOrder } from './transcript-order.ts';

/** The pause between the session configuration and the first response. */
export const FIRST_RESPONSE_DELAY_MS = 300;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const field = (event: RealtimeServerEvent, key: string) => {
  const value = event[key];
  return typeof value === 'string' ? value : '';
};
const logFailure = (what: string) => (error: unknown) => console.warn(what, error);

/** POST /api/realtime/offer; a refusal becomes "Failed to get answer: {status}" (the server's reason as its cause). */
async function sendOffer(offerSdp: string) {
  try {
    return await postRealtimeOffer(offerSdp);
  } catch (error) {
    throw new Error(describeOfferFailure(error).title, { cause: error });
  }
}

/**
 * One browser call, from start to end: the session config (defaults on failure), the
 * WebRTC connection, the session configuration, a greeting, the conversation record with every final
 * transcript entry, the tool loop (end_call after the goodbye), and the end. The screen's state moves
 * through `dispatch`. Loaded only when a call starts, so the screen's first load stays small.
 */
export class BrowserCall {
  #connection: BrowserCallConnection | null = null;
  /** The conversation's id once created; null when creating it failed (messages are then not saved). */
  #conversation: Promise<string | null> = Promise.resolve(null);
  #firstUserMessage: string | null = null;
  /** The speech detection in force, which a session_update tool call may change in part. */
  #turnDetection: CurrentTurnDetection;
  readonly #endWatch = new CallEndWatch();
  /** The tool loop: one response.create once a response's calls are all answered. */
  readonly #tools = new ToolResponses(() => {
    if (!this.#ended) this.#connection?.send(RESPONSE_CREATE_EVENT);
  });
  #ended = false;
  /** On GPT-Live: the transcript deltas the channel hears, as the Realtime events the screen shows. */
  #live: LiveTranscriptEvents | null = null;
  readonly #assistantName: string;
  readonly #dispatch: (action: CallAction) => void;
  readonly #onEnded: () => void;

  constructor(options: {
    assistantName: string;
    dispatch: (action: CallAction) => void;
    onEnded: () => void;
  }) {
    this.#assistantName = options.assistantName;
    this.#dispatch = options.dispatch;
    this.#onEnded = options.onEnded;
    this.#turnDetection = turnDetectionOf(defaultSessionConfig(options.assistantName));
  }

  /** Connects and starts the conversation; rejects (with everything released) when the call cannot start. */
  async start(): Promise<void> {
    performance.mark('voice-call:start');
    // The configuration is needed once the channel is open; it loads meanwhile (defaults on failure).
    const loadingConfig = getAiSessionConfig().catch(() => defaultSessionConfig(this.#assistantName));
    const connection = await openBrowserCallConnection({
      sendOffer,
      // Without the configured servers, host candidates still reach a server on the same network.
      iceServers: getIceServers().catch((): RTCIceServer[] => []),
      onEvent: (event) => this.#onEvent(event),
      onDisconnect: () => this.end(),
    });
    // The user left while it was connecting: the call ends as soon as it exists.
    if (this.#ended) return this.#hangUp(connection, true);
    if (connection.engine === 'live') {
      // GPT-Live: the server configured the session, greets and runs the tools over its sideband; the
      // channel may send nothing and only hears the transcripts.
      this.#connection = connection;
      this.#live ??= new LiveTranscriptEvents((event) => this.#onRealtimeEvent(event));
    } else {
      const config = await loadingConfig;
      this.#turnDetection = turnDetectionOf(config);
      if (this.#ended) return this.#hangUp(connection, true);
      this.#connection = connection;
      connection.send(sessionUpdateEvent(config));
      await wait(FIRST_RESPONSE_DELAY_MS);
      if (this.#ended) return;
      connection.send(RESPONSE_CREATE_EVENT);
    }
    performance.mark('voice-call:listening');
    this.#dispatch({ type: 'connected', callId: connection.callSessionId, at: Date.now() });
    this.#conversation = createConversation({
      title: null,
      ...(connection.callSessionId ? { callSessionId: connection.callSessionId } : {}),
    }).catch((error: unknown) => {
      console.warn('Creating the conversation failed', error);
      return null;
    });
  }

  /**
   * Ends the call: inactive, the end time and title saved, speech detection off, the microphone stopped,
   * the connection closed, the call session ended. `leaving`: the page is going away, so the requests
   * are sent to outlive it.
   */
  end(options: { leaving?: boolean } = {}): void {
    if (this.#ended) return;
    this.#live?.close();
    this.#ended = true;
    this.#dispatch({ type: 'ended', at: Date.now() });
    this.#onEnded();
    const keepalive = options.leaving === true;
    const title = conversationTitle(this.#firstUserMessage);
    const endedAt = new Date().toISOString();
    void this.#conversation
      .then((id) => (id ? updateConversation(id, { endedAt, title }, { keepalive }) : undefined))
      .catch(logFailure('Saving the conversation end failed'));
    if (this.#connection) this.#hangUp(this.#connection, keepalive);
  }

  /** Mutes or unmutes the executive's microphone: the call goes on, the assistant hears nothing meanwhile. */
  setMuted(muted: boolean): void {
    if (this.#ended || !this.#connection) return;
    this.#connection.setMuted(muted);
    this.#dispatch({ type: 'muted', muted });
  }

  #hangUp(connection: BrowserCallConnection, keepalive: boolean): void {
    if (connection.engine !== 'live') connection.send(DISABLE_TURN_DETECTION_EVENT);
    connection.close();
    if (connection.callSessionId)
      endCallSession(connection.callSessionId, { keepalive }).catch(
        logFailure('Ending the call session failed'),
      );
  }

  #onEvent(event: RealtimeServerEvent): void {
    if (this.#ended) return;
    // GPT-Live's transcript deltas (the only events its channel hears) may come before start() resolves.
    if (LIVE_TRANSCRIPT_EVENTS.has(event.type)) {
      this.#live ??= new LiveTranscriptEvents((realtime) => this.#onRealtimeEvent(realtime));
      this.#live.push(event);
    } else this.#onRealtimeEvent(event);
  }

  #onRealtimeEvent(event: RealtimeServerEvent): void {
    if (this.#ended) return;
    this.#dispatch({ type: 'server', event, at: new Date().toISOString() });
    this.#save(event);
    if (event.type === 'response.function_call_arguments.done')
      this.#tools.add(
        field(event, 'response_id'),
        this.#runTool(event).catch(logFailure('A voice tool failed')),
      );
    else if (event.type === 'response.done')
      void this.#tools.done(String((event as { response?: { id?: unknown } }).response?.id ?? ''));
    else if (event.type === 'error') console.warn('Realtime error event', event.error);
    if (this.#endWatch.isGoodbyeOver(event)) this.end();
  }

  /** Final transcript entries, in the order said (a user's transcription may arrive after the reply). */
  readonly #order = new TranscriptOrder((entry) => this.#saveEntry(entry));

  #save(event: RealtimeServerEvent): void {
    this.#order.push(event);
  }

  /** Saves a final transcript entry to the conversation, once the conversation exists. */
  #saveEntry(entry: NonNullable<ReturnType<typeof completedEntry>>): void {
    if (entry.role === 'user' && this.#firstUserMessage === null) this.#firstUserMessage = entry.content;
    const timestamp = new Date().toISOString();
    void this.#conversation
      .then((id) => (id ? addConversationMessage(id, { ...entry, timestamp }) : undefined))
      .catch(logFailure('Saving a transcript entry failed'));
  }

  /** Runs one tool and hands its output back (the next response is asked for by `#tools`). */
  async #runTool(event: RealtimeServerEvent): Promise<void> {
    const callId = field(event, 'call_id');
    const name = field(event, 'name');
    const mark = `voice-tool:${callId}`;
    performance.mark(mark);
    const output = await runVoiceTool(
      { name, arguments: field(event, 'arguments') },
      {
        onSessionUpdate: (config) => {
          const update = toolSessionUpdateEvent(config, { turnDetection: this.#turnDetection });
          const turnDetection = update.session.audio?.input?.turn_detection;
          if (turnDetection) this.#turnDetection = turnDetection;
          this.#connection?.send(update);
        },
        onEndCall: () => this.#endWatch.endAfterGoodbye(field(event, 'response_id')),
      },
    );
    this.#dispatch({ type: 'tool-done', id: callId });
    if (this.#ended || !this.#connection) return;
    this.#connection.send(functionCallOutputEvent(callId, output));
    // The tool's overhead on the call, for the e2e run and benchmarks (performance.getEntriesByType('measure')).
    performance.measure(`voice-tool ${name}`, mark);
    performance.clearMarks(mark);
  }
}
