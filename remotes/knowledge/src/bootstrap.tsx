import { createQueryClient } from '@annie/api-client/query-client';
import { renderStandaloneRemote } from '@annie/ui/standalone-remote/standalone-remote';
import '@radix-ui/themes/styles.css';
import { StandaloneRoutes } from './routes.tsx';

// Standalone development only; in production the shell mounts this remote's pages.
renderStandaloneRemote(createQueryClient(), <StandaloneRoutes />);
