import { useEffect, useRef, useState } from 'react';
import { useTypedCallActions } from './use-typed-call-actions.ts';

/** One line of the typed call's transcript: who said it, and what. */
export type TypedTranscriptEntry = { id: number; speaker: 'user' | 'assistant'; text: string };

type ActiveCall = { id: string; startedAt: number };

/** The call that just ended: its id (for its Call Logs entry), how long it ran and how many lines it had. */
export type EndedTypedCall = { callId: string; seconds: number; lines: number };

/**
 * The typed call page's state: not connected → connected after a start
 * (transcript cleared, call id kept); end → not connected. Mute is local only. Sending appends the
 * user's line, then the reply, and clears the input; it does nothing without a call. Leaving the page
 * (another route, or closing the tab) ends a call still open.
 */
export function useTypedCall() {
  const actions = useTypedCallActions();
  const [call, setCall] = useState<ActiveCall | null>(null);
  const [muted, setMuted] = useState(false);
  const [transcript, setTranscript] = useState<TypedTranscriptEntry[]>([]);
  const [draft, setDraft] = useState('');
  const [ended, setEnded] = useState<EndedTypedCall | null>(null);
  const nextId = useRef(0);
  const openCall = useRef<string | null>(null);
  openCall.current = call?.id ?? null;
  const endQuietly = useRef(actions.endQuietly);
  endQuietly.current = actions.endQuietly;

  useEffect(() => {
    // Leaving the page (another route, or closing or reloading the tab) ends a call still open, once.
    const leave = (keepalive: boolean) => {
      const id = openCall.current;
      openCall.current = null;
      if (id) endQuietly.current(id, keepalive);
    };
    const onPageHide = () => {
      leave(true);
      setCall(null);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      leave(false);
    };
  }, []);

  const append = (speaker: TypedTranscriptEntry['speaker'], text: string) => {
    nextId.current += 1;
    const entry = { id: nextId.current, speaker, text };
    setTranscript((entries) => [...entries, entry]);
    return entry.id;
  };

  return {
    connected: call !== null,
    startedAt: call?.startedAt ?? null,
    muted,
    ended,
    transcript,
    draft,
    setDraft,
    starting: actions.starting,
    ending: actions.ending,
    sending: actions.sending,
    canSend: call !== null && draft.trim() !== '' && !actions.sending,
    start() {
      actions.start((id) => {
        setEnded(null);
        setTranscript([]);
        setMuted(false);
        setCall({ id, startedAt: Date.now() });
      });
    },
    end() {
      if (!call) return;
      actions.end(call.id, () => {
        const seconds = Math.max(0, Math.round((Date.now() - call.startedAt) / 1000));
        setEnded({ callId: call.id, seconds, lines: transcript.length });
        setCall(null);
        setMuted(false);
      });
    },
    toggleMute() {
      setMuted((value) => !value);
    },
    send() {
      const message = draft.trim();
      if (!call || !message || actions.sending) return;
      const userLine = append('user', message);
      setDraft('');
      actions.send(
        call.id,
        message,
        (reply) => append('assistant', reply),
        () => {
          // The server kept neither line: take the message back into the box to retry.
          setTranscript((entries) => entries.filter((entry) => entry.id !== userLine));
          setDraft((current) => current || message);
        },
      );
    },
  };
}
