import { createQueryClient } from '@annie/api-client/query-client';
import { renderStandaloneRemote } from '@annie/ui/standalone-remote/standalone-remote';
import '@radix-ui/themes/styles.css';
import pages from './export-app.tsx';

// Standalone development only, on the same paths the shell's route table gives these pages.
renderStandaloneRemote(createQueryClient(), [{ path: '/knowledge', Page: pages.knowledge }]);
