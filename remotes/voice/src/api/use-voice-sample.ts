import { apiRequest, errorText } from '@annie/api-client/http';
import { routeUrl } from '@annie/contracts/route';
import type { VOICES } from '@annie/contracts/voice-profiles';
import { previewVoice } from '@annie/contracts/voice-profiles-routes';
import { useCallback, useEffect, useRef, useState } from 'react';

type Voice = (typeof VOICES)[number];

/** What the voice picker shows of a sample: none, fetching one, playing one, or why it could not. */
export type VoiceSampleState =
  | { status: 'idle' }
  | { status: 'loading'; voice: Voice }
  | { status: 'playing'; voice: Voice }
  | { status: 'error'; voice: Voice; message: string };

export type VoiceSample = { state: VoiceSampleState; play: (voice: Voice) => void; stop: () => void };

/** POST /api/voice/profiles/voice-preview: a sample of the voice as MP3 (audio, so not `callRoute`). */
export async function fetchVoiceSample(voice: Voice, signal?: AbortSignal): Promise<Blob> {
  const response = await apiRequest('POST', routeUrl(previewVoice), { voice }, { signal });
  return response.blob();
}

const PLAY_FAILED = 'The sample could not be played in this browser.';

/**
 * Plays a sample of each voice, one at a time: Play fetches it (once per page: the object URL is
 * kept), Stop or another Play ends the one playing, and a failure says why in words (the server's
 * message: not configured, too many samples, OpenAI's refusal).
 */
export function useVoiceSample(): VoiceSample {
  const [state, setState] = useState<VoiceSampleState>({ status: 'idle' });
  const urls = useRef(new Map<Voice, string>());
  const audio = useRef<HTMLAudioElement | null>(null);
  const request = useRef<AbortController | null>(null);

  const halt = useCallback(() => {
    request.current?.abort();
    request.current = null;
    const playing = audio.current;
    audio.current = null;
    if (playing) {
      playing.onended = null;
      playing.onerror = null;
      playing.pause();
    }
  }, []);

  const stop = useCallback(() => {
    halt();
    setState({ status: 'idle' });
  }, [halt]);

  const play = useCallback(
    (voice: Voice) => {
      halt();
      const controller = new AbortController();
      request.current = controller;
      setState({ status: 'loading', voice });
      const fail = (message: string) => {
        if (request.current !== controller) return;
        halt();
        setState({ status: 'error', voice, message });
      };
      void (async () => {
        let url = urls.current.get(voice);
        try {
          if (!url) {
            url = URL.createObjectURL(await fetchVoiceSample(voice, controller.signal));
            urls.current.set(voice, url);
          }
        } catch (error) {
          if (!controller.signal.aborted) fail(errorText(error, 'The sample could not be fetched.'));
          return;
        }
        if (controller.signal.aborted) return;
        const element = new Audio(url);
        audio.current = element;
        element.onended = () => {
          if (audio.current !== element) return;
          audio.current = null;
          request.current = null;
          setState({ status: 'idle' });
        };
        element.onerror = () => fail(PLAY_FAILED);
        try {
          await element.play();
          if (audio.current === element) setState({ status: 'playing', voice });
        } catch {
          if (audio.current === element) fail(PLAY_FAILED);
        }
      })();
    },
    [halt],
  );

  useEffect(() => {
    const kept = urls.current;
    return () => {
      halt();
      for (const url of kept.values()) URL.revokeObjectURL(url);
      kept.clear();
    };
  }, [halt]);

  return { state, play, stop };
}
