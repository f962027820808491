import { createAppConfig } from '@annie/build-config/rspack';
import { defineConfig } from '@rspack/cli';
import federationConfig from './module-federation.config.ts';
import { APP_PUBLIC_PATH } from './src/config/app-entry.ts';

const production = process.env.NODE_ENV === 'production';
const appDir = import.meta.dirname;

// Two compilations. The page (index.html) runs a tiny boot script that checks the session and then loads
// either the login screen — a plain bundle with no federation runtime and only the Radix parts it uses —
// or the federated signed-in app (dist/app/app.js), which shares its singletons with the remotes.
// A login always ends in a page reload, so the two never run in the same page.
export default defineConfig([
  createAppConfig(
    {
      appDir,
      app: 'shell',
      name: 'shell-boot',
      entry: { boot: './src/boot.ts' },
      publicPath: '/',
      htmlTitle: 'AnnieAI',
      htmlLoadingMarkup: '<div class="boot-spinner" role="status" aria-label="Loading"></div>',
      keepInOutput: /^app\//,
    },
    production,
  ),
  {
    // After the boot compilation, whose clean of dist/ must not race this one's writes into dist/app/.
    dependencies: ['shell-boot'],
    ...createAppConfig(
      {
        appDir,
        app: 'shell',
        name: 'shell-app',
        entry: { app: './src/index.ts' },
        outputDir: `dist${APP_PUBLIC_PATH}`,
        publicPath: APP_PUBLIC_PATH,
        federation: federationConfig(),
        stableEntryNames: true,
      },
      production,
    ),
  },
]);
