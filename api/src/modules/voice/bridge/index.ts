// The bridge: the server-side link between an audio stream (a phone call's Twilio media stream, or the
// Voice Console's test panel) and OpenAI's voice engines (a Realtime WebSocket, or GPT-Live's); also the
// session a compiled profile becomes on each.

export { MULAW_8K, PCM16_24K, pcm16Level } from './audio-format.ts';
export { CallEngines, callEnginesFrom, chooseEngine, type OpenCallEngine } from './call-engines.ts';
export { CallFigures, type LiveUsage, type MeasuredCall, nothingMeasured } from './call-figures.ts';
export { GREETING_NOTE, LiveBridge } from './live/live-bridge.ts';
export { toLiveBrowserSession } from './live/live-session.ts';
export type { BridgeTranscriptEntry, RealtimeSessionUpdate } from './realtime-bridge.ts';
export { RealtimeBridges } from './realtime-bridges.ts';
export { toRealtimeSession } from './realtime-session.ts';
export type { ToolRunner } from './realtime-tool-runner.ts';
