import { remoteConfig } from '@annie/build-config/remote';

/** The knowledge remote: `./app` maps page names to pages. */
export default remoteConfig({
  appDir: import.meta.dirname,
  name: 'knowledge',
  exposes: { './app': './src/export-app.tsx' },
});
