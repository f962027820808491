import { remoteConfig } from '@annie/build-config/remote';

/** The lab remote: `./app` maps page names to pages. */
export default remoteConfig({
  appDir: import.meta.dirname,
  name: 'lab',
  exposes: { './app': './src/export-app.tsx' },
});
