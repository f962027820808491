// /voice shows the same realtime screen as / (the navigation's Voice entries lead to either).
export { default } from './realtime-voice-page.tsx';
