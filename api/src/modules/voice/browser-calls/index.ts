// Browser calls: the user talks to the assistant from the browser over WebRTC (OpenAI Realtime).
export { browserCallsModule } from './browser-calls.module.ts';
