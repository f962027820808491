import { remoteConfig } from '@annie/build-config/remote';

/** The workspace remote: `./app` maps page names to pages. */
export default remoteConfig({
  appDir: import.meta.dirname,
  name: 'workspace',
  exposes: { './app': './src/export-app.tsx' },
});
