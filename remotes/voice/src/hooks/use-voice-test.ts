import type { CallFigures } from '@annie/contracts/usage';
import { type VoiceTestServerMessage, voiceTestServerMessageSchema } from '@annie/contracts/voice-session';
import { useToast } from '@annie/ui/toast/toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startVoiceTest } from '../api/start-voice-test.ts';
import { MicrophoneCapture } from '../lib/microphone-capture.ts';
import { PcmPlayer } from '../lib/pcm-player.ts';

/** The test session's state: idle (shown as Not Connected), connecting, connected, or error. */
export type VoiceTestStatus = 'idle' | 'connecting' | 'connected' | 'error';
export type TestTranscriptLine = { id: number; speaker: 'user' | 'assistant' | 'system'; text: string };

type Live = { socket: WebSocket; microphone: MicrophoneCapture; player: PcmPlayer };

/**
 * The test panel's session: microphone up and assistant audio down over the server's WebSocket,
 * with mute (stops the microphone and tells the server), barge-in (interrupts the assistant and drops
 * its queued audio), End Test, and a notice for each outcome.
 */
export function useVoiceTest(profileId: string | null) {
  const { toast } = useToast();
  const [status, setStatus] = useState<VoiceTestStatus>('idle');
  const [muted, setMuted] = useState(false);
  const [level, setLevel] = useState(0);
  const [transcript, setTranscript] = useState<TestTranscriptLine[]>([]);
  // What the server measured of this test call, updated after every response.
  const [figures, setFigures] = useState<CallFigures | null>(null);
  const live = useRef<Live | null>(null);
  const lineId = useRef(0);

  const addLine = useCallback((speaker: TestTranscriptLine['speaker'], text: string) => {
    lineId.current += 1;
    const id = lineId.current;
    setTranscript((lines) => [...lines, { id, speaker, text }]);
  }, []);

  const teardown = useCallback(() => {
    const current = live.current;
    live.current = null;
    current?.microphone.stop();
    current?.player.close();
    if (current && current.socket.readyState <= WebSocket.OPEN) current.socket.close(1000, 'End Test');
    setMuted(false);
    setLevel(0);
  }, []);

  const onMessage = useCallback(
    (message: VoiceTestServerMessage) => {
      if (message.type === 'transcript') addLine(message.speaker, message.text);
      else if (message.type === 'audio_level') setLevel(message.level);
      else if (message.type === 'figures') setFigures(message.figures);
      else {
        // The server says why (the realtime service unreachable, the server restarting).
        setStatus('error');
        toast({ title: 'Test ended', description: message.message, variant: 'destructive' });
      }
    },
    [addLine, toast],
  );

  const start = useCallback(async () => {
    if (!profileId || live.current) return;
    setStatus('connecting');
    setTranscript([]);
    setFigures(null);
    const microphone = new MicrophoneCapture();
    const pending: ArrayBuffer[] = [];
    try {
      await microphone.start((frame) => {
        const socket = live.current?.socket;
        if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
        else if (pending.length < 20) pending.push(frame);
      });
    } catch {
      setStatus('error');
      toast({
        title: 'Microphone access denied',
        description: 'Please allow microphone access to test voice interaction',
        variant: 'destructive',
      });
      return;
    }
    let websocketUrl: string;
    try {
      websocketUrl = (await startVoiceTest(profileId)).websocketUrl;
    } catch {
      microphone.stop();
      setStatus('error');
      toast({ title: 'Test failed', description: 'Unable to start test session', variant: 'destructive' });
      return;
    }
    const socket = new WebSocket(websocketUrl);
    socket.binaryType = 'arraybuffer';
    const player = new PcmPlayer();
    live.current = { socket, microphone, player };
    socket.onopen = () => {
      setStatus('connected');
      toast({ title: 'Connected to test session', variant: 'success' });
      for (const frame of pending.splice(0)) socket.send(frame);
    };
    socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data !== 'string') return player.play(event.data);
      const parsed = voiceTestServerMessageSchema.safeParse(JSON.parse(event.data));
      if (parsed.success) onMessage(parsed.data);
    };
    socket.onerror = () => {
      setStatus('error');
      toast({
        title: 'Connection error',
        description: 'Failed to connect to test session',
        variant: 'destructive',
      });
    };
    socket.onclose = () => {
      if (live.current?.socket !== socket) return;
      teardown();
      setStatus((current) => (current === 'error' ? current : 'idle'));
    };
  }, [profileId, toast, onMessage, teardown]);

  const end = useCallback(() => {
    teardown();
    setStatus('idle');
  }, [teardown]);

  const toggleMute = useCallback(async () => {
    const current = live.current;
    if (!current) return;
    if (!muted) {
      current.socket.send(JSON.stringify({ type: 'pause_audio' }));
      current.microphone.stop();
      setLevel(0);
      setMuted(true);
      return;
    }
    try {
      await current.microphone.start(
        (frame) => current.socket.readyState === WebSocket.OPEN && current.socket.send(frame),
      );
    } catch {
      toast({
        title: 'Microphone access denied',
        description: 'Please allow microphone access to test voice interaction',
        variant: 'destructive',
      });
      return;
    }
    current.socket.send(JSON.stringify({ type: 'resume_audio' }));
    setMuted(false);
  }, [muted, toast]);

  const bargeIn = useCallback(() => {
    const current = live.current;
    if (!current) return;
    current.socket.send(JSON.stringify({ type: 'interrupt', timestamp: Date.now() }));
    current.player.flush();
    addLine('system', 'Barge-in test triggered');
    toast({ title: 'Barge-in test triggered', variant: 'success' });
  }, [addLine, toast]);

  useEffect(() => teardown, [teardown]);

  return { status, muted, level, transcript, figures, start, end, toggleMute, bargeIn };
}
