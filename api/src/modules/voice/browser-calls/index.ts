// Browser calls: the user talks to the assistant from the browser over WebRTC (OpenAI Realtime).
export { browserCallsDomain } from './browser-calls.domain.ts';
