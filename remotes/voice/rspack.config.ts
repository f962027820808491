import { remoteConfig } from '@annie/build-config/remote';

/** The voice remote: `./app` maps page names to pages; `./console` is the admin Voice Console. */
export default remoteConfig({
  appDir: import.meta.dirname,
  name: 'voice',
  exposes: { './app': './src/export-app.tsx', './console': './src/export-console.tsx' },
});
