import { remoteConfig } from '@annie/build-config/remote';

/**
 * The voice remote: `./app` maps page names to pages; `./console` is the admin Voice Console. Its first
 * paint is the home page's idle view (the browser call page before a call), which the API puts into the
 * signed-in page's HTML for each user of this build.
 */
export default remoteConfig({
  appDir: import.meta.dirname,
  name: 'voice',
  exposes: { './app': './src/export-app.tsx', './console': './src/export-console.tsx' },
  firstPaint: {
    page: 'realtime',
    entry: './src/first-paint/idle-view-markup.tsx',
    stylesheets: ['./src/components/browser-call/browser-call.css'],
  },
});
