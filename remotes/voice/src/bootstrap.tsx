import { createQueryClient } from '@annie/api-client/query-client';
import { renderStandaloneRemote } from '@annie/ui/standalone-remote/standalone-remote';
import '@radix-ui/themes/styles.css';
import pages from './export-app.tsx';
import VoiceConsolePage from './export-console.tsx';

// Standalone development only: the pages on the paths the shell's route table gives them.
renderStandaloneRemote(createQueryClient(), 'voice', {
  './app': pages,
  './console': { console: VoiceConsolePage },
});
