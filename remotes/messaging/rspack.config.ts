import { remoteConfig } from '@annie/build-config/remote';

/** The messaging remote: `./app` maps page names to pages. */
export default remoteConfig({
  appDir: import.meta.dirname,
  name: 'messaging',
  exposes: { './app': './src/export-app.tsx' },
});
