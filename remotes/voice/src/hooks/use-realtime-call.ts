import { endCall as endCallSession } from '@annie/api-client/calls/use-call-mutations';
import {
  addConversationMessage,
  createConversation,
  updateConversation,
} from '@annie/api-client/conversations/record-conversation';
import { errorMessage } from '@annie/api-client/http';
import { getAiSessionConfig } from '@annie/api-client/voice-profiles/get-ai-session-config';
import {
  type CurrentTurnDetection,
  functionCallOutputEvents,
  runVoiceTool,
  sessionUpdateEvent as toolSessionUpdateEvent,
} from '@annie/api-client/voice-tools/run-voice-tool';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { CallEndWatch } from '../lib/call-end-watch.ts';
import { callReducer, completedEntry, conversationTitle, INITIAL_CALL_STATE } from '../lib/call-state.ts';
import { ICE_SERVERS, postRealtimeOffer } from '../lib/realtime-call-services.ts';
import {
  openRealtimeConnection,
  type RealtimeConnection,
  type RealtimeServerEvent,
} from '../lib/realtime-connection.ts';
import {
  DISABLE_TURN_DETECTION_EVENT,
  defaultSessionConfig,
  RESPONSE_CREATE_EVENT,
  sessionUpdateEvent,
  turnDetectionOf,
} from '../lib/realtime-session.ts';

/** Part 1 §8: what the screen says when a call cannot start, whatever the cause. */
export const CALL_START_FAILED = 'Failed to start call. Please check your microphone permissions.';
/** Part 1 §9: the pause between the session configuration and the first response. */
export const FIRST_RESPONSE_DELAY_MS = 300;

/** Why the last start failed: the spec's alert, and the cause when it is not the microphone. */
export type CallFailure = { message: string; detail: string | null };

/** One call from its start: the connection, its conversation record, and how it should end. */
type LiveCall = {
  connection: RealtimeConnection | null;
  /** The conversation's id once created; null when creating it failed (messages are then not saved). */
  conversation: Promise<string | null>;
  firstUserMessage: string | null;
  /** The speech detection in force, which a session_update tool call may change in part. */
  turnDetection: CurrentTurnDetection;
  endWatch: CallEndWatch;
  ended: boolean;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const field = (event: RealtimeServerEvent, key: string) => {
  const value = event[key];
  return typeof value === 'string' ? value : '';
};

/** Part 1 §4: no more speech detection, the microphone stopped, the connection closed, the call session ended. */
function hangUp(connection: RealtimeConnection, keepalive: boolean): void {
  connection.send(DISABLE_TURN_DETECTION_EVENT);
  connection.close();
  if (connection.callSessionId)
    endCallSession(connection.callSessionId, { keepalive }).catch((error: unknown) =>
      console.warn('Ending the call session failed', error),
    );
}

/** The cause worth showing beside the alert: the offer's status and the server's message (e.g. a 503). */
function failureDetail(error: unknown): string | null {
  if (error instanceof DOMException || !(error instanceof Error)) return null;
  const serverMessage = errorMessage(error.cause ?? error, '');
  return [error.message, serverMessage].filter(Boolean).join(' — ') || null;
}

/**
 * The realtime voice call of part 1 §4: session config (defaults on failure), the WebRTC connection,
 * the session configuration, a greeting, the conversation record with every final transcript entry,
 * the tool loop, and the end (also when the user leaves the page).
 */
export function useRealtimeCall(assistantName: string) {
  const [state, dispatch] = useReducer(callReducer, INITIAL_CALL_STATE);
  const [failure, setFailure] = useState<CallFailure | null>(null);
  const live = useRef<LiveCall | null>(null);

  const endCall = useCallback((call: LiveCall, options: { leaving?: boolean } = {}) => {
    if (call.ended) return;
    call.ended = true;
    if (live.current === call) live.current = null;
    dispatch({ type: 'ended' });
    const keepalive = options.leaving === true;
    const title = conversationTitle(call.firstUserMessage);
    const endedAt = new Date().toISOString();
    void call.conversation
      .then((id) => (id ? updateConversation(id, { endedAt, title }, { keepalive }) : undefined))
      .catch((error: unknown) => console.warn('Saving the conversation end failed', error));
    if (call.connection) hangUp(call.connection, keepalive);
  }, []);

  const saveEntry = useCallback((call: LiveCall, event: RealtimeServerEvent) => {
    const entry = completedEntry(event);
    if (!entry) return;
    if (entry.role === 'user' && call.firstUserMessage === null) call.firstUserMessage = entry.content;
    const timestamp = new Date().toISOString();
    void call.conversation
      .then((id) => (id ? addConversationMessage(id, { ...entry, timestamp }) : undefined))
      .catch((error: unknown) => console.warn('Saving a transcript entry failed', error));
  }, []);

  const runTool = useCallback(async (call: LiveCall, event: RealtimeServerEvent) => {
    const callId = field(event, 'call_id');
    const name = field(event, 'name');
    const mark = `voice-tool:${callId}`;
    performance.mark(mark);
    const output = await runVoiceTool(
      { name, arguments: field(event, 'arguments') },
      {
        onSessionUpdate: (config) => {
          const update = toolSessionUpdateEvent(config, { turnDetection: call.turnDetection });
          const turnDetection = update.session.audio?.input?.turn_detection;
          if (turnDetection) call.turnDetection = turnDetection;
          call.connection?.send(update);
        },
        onEndCall: () => call.endWatch.endAfterGoodbye(field(event, 'response_id')),
      },
    );
    if (call.ended || !call.connection) return;
    for (const message of functionCallOutputEvents(callId, output)) call.connection.send(message);
    // The tool's overhead on the call, readable by a benchmark (performance.getEntriesByType('measure')).
    performance.measure(`voice-tool ${name}`, mark);
    performance.clearMarks(mark);
  }, []);

  const onEvent = useCallback(
    (call: LiveCall, event: RealtimeServerEvent) => {
      if (call.ended) return;
      dispatch({ type: 'server', event, at: new Date().toISOString() });
      saveEntry(call, event);
      if (event.type === 'response.function_call_arguments.done')
        runTool(call, event).catch((error: unknown) => console.warn('A voice tool failed', error));
      else if (event.type === 'error') console.warn('Realtime error event', event.error);
      if (call.endWatch.isGoodbyeOver(event)) endCall(call);
    },
    [saveEntry, runTool, endCall],
  );

  const start = useCallback(async () => {
    if (live.current) return;
    const call: LiveCall = {
      connection: null,
      conversation: Promise.resolve(null),
      firstUserMessage: null,
      turnDetection: turnDetectionOf(defaultSessionConfig(assistantName)),
      endWatch: new CallEndWatch(),
      ended: false,
    };
    live.current = call;
    setFailure(null);
    dispatch({ type: 'connecting' });
    try {
      const config = await getAiSessionConfig().catch(() => defaultSessionConfig(assistantName));
      call.turnDetection = turnDetectionOf(config);
      const connection = await openRealtimeConnection({
        sendOffer: postRealtimeOffer,
        iceServers: ICE_SERVERS,
        onEvent: (event) => onEvent(call, event),
        onDisconnect: () => endCall(call),
      });
      // Left while connecting: the call ends as soon as it exists.
      if (call.ended) return hangUp(connection, true);
      call.connection = connection;
      connection.send(sessionUpdateEvent(config));
      await wait(FIRST_RESPONSE_DELAY_MS);
      if (call.ended) return;
      connection.send(RESPONSE_CREATE_EVENT);
      dispatch({ type: 'connected' });
      call.conversation = createConversation({
        title: null,
        ...(connection.callSessionId ? { callSessionId: connection.callSessionId } : {}),
      }).catch((error: unknown) => {
        console.warn('Creating the conversation failed', error);
        return null;
      });
    } catch (error) {
      console.warn('The call could not start', error);
      if (live.current === call) live.current = null;
      call.ended = true;
      dispatch({ type: 'ended' });
      setFailure({ message: CALL_START_FAILED, detail: failureDetail(error) });
    }
  }, [assistantName, onEvent, endCall]);

  const end = useCallback(() => {
    if (live.current) endCall(live.current);
  }, [endCall]);

  const clear = useCallback(() => dispatch({ type: 'clear' }), []);

  // Part 1 §4: leaving the screen (another route, or closing the tab) ends the call.
  useEffect(() => {
    const leave = () => {
      if (live.current) endCall(live.current, { leaving: true });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [endCall]);

  return { ...state, failure, start, end, clear };
}
