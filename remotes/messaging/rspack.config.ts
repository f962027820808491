import { createAppConfig } from '@annie/build-config/rspack';
import { defineConfig } from '@rspack/cli';
import federationConfig from './module-federation.config.ts';

const production = process.env.NODE_ENV === 'production';

export default defineConfig(
  createAppConfig(
    {
      appDir: import.meta.dirname,
      app: 'messaging',
      entry: { main: './src/index.ts' },
      publicPath: 'auto',
      // The standalone page exists for development only; in production the shell mounts the remote.
      htmlTitle: production ? undefined : 'AnnieAI · Messaging (standalone)',
      federation: federationConfig(production),
    },
    production,
  ),
);
