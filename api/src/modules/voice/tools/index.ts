// Tools: the functions the assistant may call, run on the server in phone calls, and the web search.
export { createServerToolRunner, type ServerToolDeps } from './server-tool-runner.ts';
export { voiceToolsModule } from './voice-tools.module.ts';
