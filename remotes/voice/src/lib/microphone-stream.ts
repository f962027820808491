import { PCM_SAMPLE_RATE } from './pcm16.ts';

/** The test panel's microphone: mono, 24 kHz, echo cancellation, noise suppression, auto gain. */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: {
    channelCount: 1,
    sampleRate: PCM_SAMPLE_RATE,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
  },
};
