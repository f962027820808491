import { createQueryClient } from '@annie/api-client/query-client';
import { renderStandaloneRemote } from '@annie/ui/standalone-remote/standalone-remote';
import '@radix-ui/themes/styles.css';
import pages from './export-app.tsx';

// Standalone development only: the pages on the paths the shell's route table gives them.
renderStandaloneRemote(createQueryClient(), 'knowledge', { './app': pages });
