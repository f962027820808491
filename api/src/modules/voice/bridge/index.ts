// The bridge: the server-side link between an audio stream (a phone call's Twilio media stream, or the
// Voice Console's test panel) and an OpenAI Realtime WebSocket; also the realtime session a compiled
// profile becomes.

export { MULAW_8K, PCM16_24K, pcm16Level } from './audio-format.ts';
export { CallFigures, type MeasuredCall, nothingMeasured } from './call-figures.ts';
export type { BridgeTranscriptEntry, RealtimeBridge, RealtimeSessionUpdate } from './realtime-bridge.ts';
export { RealtimeBridges, realtimeBridgesFrom } from './realtime-bridges.ts';
export { toRealtimeSession } from './realtime-session.ts';
export type { ToolRunner } from './realtime-tool-runner.ts';
