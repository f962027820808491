import type { FakeUserTurn } from '../openai-realtime-webrtc-script.ts';

// The WebRTC and WebSocket fakes take the same shape of turn.

/**
 * The sandbox's voice assistant. The fake cannot understand speech, so each time the caller has spoken
 * for a few seconds it "hears" the next of these lines; what it does with a line is decided by its words
 * (a tool when they ask for one), and what it says afterwards is read from the tool's real output.
 */
export const SANDBOX_SPOKEN_LINES = [
  'What do we know about the glycerin supplier?',
  'What is in my diary this week?',
  'Make a note to ask Daniel about the volume discount.',
  'Thank you, that is all.',
];

type Json = Record<string, unknown>;

/**
 * A tool's output as the model reads it. What a tool read from outside (a search, the diary) comes
 * labelled as third-party content, `{third_party_content: {source, notice, data}}`: the data is what
 * the assistant speaks from.
 */
function parse(output: string): Json {
  try {
    const value: unknown = JSON.parse(output);
    if (!value || typeof value !== 'object') return {};
    const labelled = (value as { third_party_content?: { data?: unknown } }).third_party_content;
    if (labelled === undefined) return value as Json;
    return labelled.data && typeof labelled.data === 'object' ? (labelled.data as Json) : {};
  } catch {
    return {};
  }
}

/** What the assistant says when a tool answered with an error instead of a result. */
function failed(result: Json): string | undefined {
  if (typeof result.error !== 'string') return undefined;
  if (result.requiresAuth)
    return 'I cannot see your Google account yet. Connect it on the Google Workspace page, then ask me again.';
  return `I could not do that just now: ${result.error}`;
}

const when = (iso: unknown) =>
  typeof iso === 'string'
    ? new Date(iso).toLocaleString('en-GB', {
        weekday: 'long',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
      })
    : 'a time to be confirmed';

function diaryReply(output: string): string {
  const result = parse(output);
  const events = Array.isArray(result.events) ? (result.events as Json[]) : [];
  if (failed(result)) return failed(result) as string;
  if (events.length === 0) return 'Your diary is clear for the week.';
  const spoken = events.slice(0, 2).map((event) => `${String(event.summary)} on ${when(event.start)}`);
  const more = events.length > 2 ? `, and ${events.length - 2} more` : '';
  return `You have ${spoken.join(', and ')}${more}.`;
}

function knowledgeReply(query: string) {
  return (output: string): string => {
    const result = parse(output);
    if (failed(result)) return failed(result) as string;
    const best = (Array.isArray(result.results) ? (result.results as Json[]) : [])[0];
    if (!best) return `I could not find anything about ${query} in your knowledge base.`;
    const name = String(best.title ?? best.key ?? 'your notes');
    // Snippets are cut to a length: read whole sentences when there are any.
    const snippet = String(best.snippet ?? '');
    const sentences = snippet.match(/^.*[.!?](?=\s|$)/s)?.[0];
    return `From ${name}: ${sentences ?? snippet}`;
  };
}

function noteReply(output: string): string {
  const result = parse(output);
  return failed(result) ?? `Done. I have saved the note "${String(result.title ?? 'Note')}".`;
}

function messageReply(output: string): string {
  const result = parse(output);
  return failed(result)
    ? 'I will make sure she gets your message.'
    : 'Thank you. I have passed that on to her.';
}

const call = (name: string, args: Json) => ({ name, arguments: JSON.stringify(args) });

/** What the assistant does with one line the caller said: which tool, if any, and what it then says. */
export function sandboxTurn(transcript: string): FakeUserTurn {
  const words = transcript.toLowerCase();
  const about = words.match(/\babout (?:the )?(.+?)[?.!]*$/)?.[1];
  const note = transcript.match(/\bnote (?:to |that )?(.+?)[.!]*$/i)?.[1];
  if (/\b(note|remember)\b/.test(words) && note) {
    const body = note.charAt(0).toUpperCase() + note.slice(1);
    return {
      transcript,
      functionCall: call('add_knowledge_note', {
        title: body.slice(0, 60),
        body: `${body}.`,
        tags: ['voice'],
      }),
      replyAfterTool: noteReply,
    };
  }
  const message = transcript.match(/\b(?:tell her|let her know) (?:that )?(.+?)[.!]*$/i)?.[1];
  if (message) {
    return {
      transcript,
      // A caller is a third party: the front desk takes the message (shown with the call in Call History).
      functionCall: call('take_message', {
        caller_name: 'The caller',
        message: `${message.charAt(0).toUpperCase()}${message.slice(1)}.`,
      }),
      replyAfterTool: messageReply,
      // Where the session offers no front desk (the Voice Console's test of a profile), it only answers.
      reply: 'I will make sure she gets your message.',
    };
  }
  if (/\b(goodbye|bye)\b/.test(words)) {
    return {
      transcript,
      functionCall: call('end_call', { reason: 'The caller said goodbye' }),
      replyAfterTool: 'Thank you for calling. Goodbye.',
      reply: 'Thank you for calling. Goodbye.',
    };
  }
  if (/\b(available|speak to|is she in)\b/.test(words)) {
    return { transcript, functionCall: null, reply: 'She is in meetings until four. May I take a message?' };
  }
  if (/\b(diary|calendar|schedule|meetings?)\b/.test(words)) {
    return {
      transcript,
      functionCall: call('google_calendar_list', { max_results: 5 }),
      replyAfterTool: diaryReply,
    };
  }
  if (/\b(know|knowledge|notes?)\b/.test(words) && about) {
    return {
      transcript,
      functionCall: call('search_knowledge_base', { query: about }),
      replyAfterTool: knowledgeReply(about),
    };
  }
  if (/\b(thank|thanks|that is all|bye)\b/.test(words)) {
    return { transcript, functionCall: null, reply: 'You are welcome. I will be here if you need me.' };
  }
  return { transcript, functionCall: null, reply: 'Certainly. I will take care of that.' };
}

/** The sandbox call's turns, in order. */
export function sandboxVoiceTurns(lines: string[] = SANDBOX_SPOKEN_LINES): FakeUserTurn[] {
  return lines.map(sandboxTurn);
}

/** What a contact says when they ring the executive's number (phone calls, and the Voice Console's test). */
export const SANDBOX_CALLER_LINES = [
  'Hello, is Eleanor available? It is about the glycerin delivery.',
  'Yes please. Tell her the pallet ships on Thursday.',
  'Thank you, goodbye.',
];
