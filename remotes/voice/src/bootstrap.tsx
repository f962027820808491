import { createQueryClient } from '@annie/api-client/query-client';
import { renderStandaloneRemote } from '@annie/ui/standalone-remote/standalone-remote';
import '@radix-ui/themes/styles.css';
import pages from './export-app.tsx';
import VoiceConsolePage from './export-console.tsx';

// Standalone development only, on the same paths the shell's route table gives these pages.
renderStandaloneRemote(createQueryClient(), [
  { path: '/', Page: pages.realtime },
  { path: '/call', Page: pages.call },
  { path: '/voice', Page: pages.voice },
  { path: '/call-logs', Page: pages['call-logs'] },
  { path: '/voice/console', Page: VoiceConsolePage },
]);
