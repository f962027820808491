import type { RealtimeServerEvent } from './connection.ts';

/** The browser call screen's status. */
export type CallStatus = 'idle' | 'connecting' | 'listening' | 'processing' | 'speaking';

/** One transcript entry on the screen. `timestamp` is an ISO date-time, set when the entry is final. */
export type TranscriptEntry = {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  isPartial: boolean;
  isFinal: boolean;
};

/** A tool the assistant ran during the call, shown as a chip after the transcript's first `after` entries. */
export type ToolChip = { id: string; name: string; after: number; done: boolean };

/** The call that just ended, for the summary line and its link to Call Logs. */
export type EndedCall = { callId: string | null; seconds: number; lines: number; tools: number };

export type CallState = {
  status: CallStatus;
  isActive: boolean;
  /** The caller is talking (speech started, not yet stopped): the typing indicator. */
  userSpeaking: boolean;
  entries: TranscriptEntry[];
  tools: ToolChip[];
  /** While connected: when the call was (epoch ms) and its call session. */
  startedAt: number | null;
  callId: string | null;
  /** Whether the executive's microphone is muted (the call goes on; the assistant hears nothing). */
  muted: boolean;
  ended: EndedCall | null;
};

export const INITIAL_CALL_STATE: CallState = {
  status: 'idle',
  isActive: false,
  userSpeaking: false,
  entries: [],
  tools: [],
  startedAt: null,
  callId: null,
  muted: false,
  ended: null,
};

export type CallAction =
  | { type: 'connecting' }
  | { type: 'connected'; callId?: string | null; at?: number }
  | { type: 'ended'; at?: number }
  | { type: 'muted'; muted: boolean }
  | { type: 'tool-done'; id: string }
  | { type: 'clear' }
  | { type: 'server'; event: RealtimeServerEvent; at: string };

const text = (event: RealtimeServerEvent, key: string): string => {
  const value = event[key];
  return typeof value === 'string' ? value : '';
};

/** Adds to (or starts) the partial entry `id`; a final entry is left as it is. */
function appendPartial(
  entries: TranscriptEntry[],
  id: string,
  role: TranscriptEntry['role'],
  delta: string,
): TranscriptEntry[] {
  const index = entries.findIndex((entry) => entry.id === id);
  if (index === -1)
    return [...entries, { id, role, content: delta, timestamp: '', isPartial: true, isFinal: false }];
  const entry = entries[index] as TranscriptEntry;
  if (entry.isFinal) return entries;
  return entries.with(index, { ...entry, content: entry.content + delta });
}

/** Makes entry `id` final with `content` (empty content drops it: nothing was understood). */
function finalize(
  entries: TranscriptEntry[],
  id: string,
  role: TranscriptEntry['role'],
  content: string,
  at: string,
): TranscriptEntry[] {
  const index = entries.findIndex((entry) => entry.id === id);
  if (!content.trim()) return index === -1 ? entries : entries.filter((entry) => entry.id !== id);
  const final = { id, role, content, timestamp: at, isPartial: false, isFinal: true };
  return index === -1 ? [...entries, final] : entries.with(index, final);
}

/** The GA events that move the status or the transcript. */
function onServerEvent(state: CallState, event: RealtimeServerEvent, at: string): CallState {
  const itemId = text(event, 'item_id');
  switch (event.type) {
    case 'input_audio_buffer.speech_started':
      return { ...state, status: 'listening', userSpeaking: true };
    case 'input_audio_buffer.speech_stopped':
      return { ...state, status: 'processing', userSpeaking: false };
    // The caller's words hold their place in the transcript from the moment the turn is committed,
    // even when the transcription arrives after the assistant has started answering.
    case 'input_audio_buffer.committed':
      return { ...state, entries: appendPartial(state.entries, itemId, 'user', '') };
    case 'conversation.item.input_audio_transcription.delta':
      return { ...state, entries: appendPartial(state.entries, itemId, 'user', text(event, 'delta')) };
    case 'conversation.item.input_audio_transcription.completed':
      return { ...state, entries: finalize(state.entries, itemId, 'user', text(event, 'transcript'), at) };
    case 'conversation.item.input_audio_transcription.failed':
      return { ...state, entries: finalize(state.entries, itemId, 'user', '', at) };
    case 'response.output_audio_transcript.delta':
    case 'response.output_text.delta':
      return { ...state, entries: appendPartial(state.entries, itemId, 'assistant', text(event, 'delta')) };
    case 'response.output_audio_transcript.done':
      return {
        ...state,
        entries: finalize(state.entries, itemId, 'assistant', text(event, 'transcript'), at),
      };
    case 'response.output_text.done':
      return { ...state, entries: finalize(state.entries, itemId, 'assistant', text(event, 'text'), at) };
    case 'output_audio_buffer.started':
      return { ...state, status: 'speaking' };
    case 'output_audio_buffer.stopped':
    case 'output_audio_buffer.cleared':
      return { ...state, status: 'listening' };
    // A response without audio (a tool call, a text answer) also hands the turn back; one with audio
    // keeps "Speaking..." until its playback stops.
    case 'response.done':
      return state.status === 'processing' ? { ...state, status: 'listening' } : state;
    case 'response.function_call_arguments.done': {
      const id = text(event, 'call_id') || `tool-${state.tools.length}`;
      if (state.tools.some((tool) => tool.id === id)) return state;
      const chip = { id, name: text(event, 'name'), after: state.entries.length, done: false };
      return { ...state, tools: [...state.tools, chip] };
    }
    default:
      return state;
  }
}

/** The browser call screen's state machine: the call's lifecycle and the server's events. */
export function callReducer(state: CallState, action: CallAction): CallState {
  switch (action.type) {
    case 'connecting':
      return { ...state, status: 'connecting', isActive: false, userSpeaking: false, ended: null };
    case 'connected':
      return {
        ...state,
        status: 'listening',
        isActive: true,
        startedAt: action.at ?? Date.now(),
        callId: action.callId ?? null,
        muted: false,
        tools: state.entries.length === 0 ? [] : state.tools,
      };
    case 'ended': {
      // What was still being said when the call ended will never be completed.
      const entries = state.entries.filter((entry) => entry.isFinal);
      const ended =
        state.startedAt === null
          ? null
          : {
              callId: state.callId,
              seconds: Math.max(0, Math.round(((action.at ?? Date.now()) - state.startedAt) / 1000)),
              lines: entries.length,
              tools: state.tools.length,
            };
      return {
        ...state,
        status: 'idle',
        isActive: false,
        userSpeaking: false,
        entries,
        tools: state.tools.map((tool) => ({ ...tool, done: true })),
        startedAt: null,
        muted: false,
        ended,
      };
    }
    case 'muted':
      return state.isActive ? { ...state, muted: action.muted } : state;
    case 'tool-done':
      return {
        ...state,
        tools: state.tools.map((tool) => (tool.id === action.id ? { ...tool, done: true } : tool)),
      };
    case 'clear':
      return { ...state, entries: [], tools: [], ended: null };
    case 'server':
      return state.isActive ? onServerEvent(state, action.event, action.at) : state;
  }
}

/** The entry a final transcript event completed, to be saved to the conversation. */
export function completedEntry(event: RealtimeServerEvent): Pick<TranscriptEntry, 'role' | 'content'> | null {
  const role =
    event.type === 'conversation.item.input_audio_transcription.completed'
      ? 'user'
      : event.type === 'response.output_audio_transcript.done' || event.type === 'response.output_text.done'
        ? 'assistant'
        : null;
  if (!role) return null;
  const content = text(event, event.type === 'response.output_text.done' ? 'text' : 'transcript');
  return content.trim() ? { role, content } : null;
}

/** The conversation's title is the first 100 characters of the first user message, or null. */
export function conversationTitle(firstUserMessage: string | null): string | null {
  return firstUserMessage === null ? null : firstUserMessage.slice(0, 100);
}
