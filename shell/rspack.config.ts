import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppearanceHeadPlugin } from '@annie/build-config/appearance-head';
import { jsonAsset } from '@annie/build-config/json-asset';
import { createPrerenderConfig, loadPrerendered } from '@annie/build-config/prerender';
import { createAppConfig } from '@annie/build-config/rspack';
import { singletonVersions } from '@annie/build-config/shared';
import { surfacesProvided } from '@annie/build-config/surface-imports';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import federationConfig from './module-federation.config.ts';
import {
  APP_PUBLIC_PATH,
  APP_REACT_DOM_CHUNK,
  APP_SCRIPT_URLS,
  APP_STYLESHEET_URL,
} from './src/config/app-entry.ts';

const production = process.env.NODE_ENV === 'production';
const appDir = import.meta.dirname;
const PRERENDER = 'shell-prerender';
const SPINNER = '<div class="boot-spinner" role="status" aria-label="Loading"></div>';
// app.html needs nothing but the spinner's and the idle view's few rules (inline, without comments and
// spaces: the CSP admits inline styles), the federated app's scripts and its stylesheet (all fetched at
// once, side by side), and what it asks the API for first, fetched while the scripts load: the session's user (the gate before any screen), the remote
// registry, and the settings every screen reads (the home page's welcome names the assistant).
const APP_PAGE_HEAD = [
  `<style>${readFileSync(join(appDir, 'src/boot.css'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{}:;,>]) ?/g, '$1')}</style>`,
  `<link rel="stylesheet" href="${APP_STYLESHEET_URL}" />`,
  '<link rel="preload" href="/api/auth/user" as="fetch" crossorigin="use-credentials" />',
  '<link rel="preload" href="/api/remotes" as="fetch" crossorigin="use-credentials" />',
  '<link rel="preload" href="/api/settings" as="fetch" crossorigin="use-credentials" />',
  ...APP_SCRIPT_URLS.map((url) => `<script defer src="${url}"></script>`),
].join('\n    ');

// Three compilations in production (the dev server skips the prerender). The API sends index.html to a
// visitor without a session cookie: the login screen rendered at build time by shell-prerender, its
// CSS subset and a script that hydrates it (no federation runtime). A request with a session cookie
// gets app.html, which loads the federated signed-in app (dist/app/app.js, sharing its singletons with
// the remotes) at once; the app checks the session itself and shows the login screen when the cookie
// was stale. A login always ends in a page reload, so the two never run in the same page.
const LEGAL_PAGES = [
  ['privacy-policy.html', 'renderPrivacyPolicyMarkup'],
  ['terms-of-service.html', 'renderTermsOfServiceMarkup'],
] as const;

// The dark appearance's stylesheet (src/appearance/dark-sheet.ts): linked by no page, named in each one's
// head beside the script that applies the appearance before the first paint (AppearanceHeadPlugin).
const DARK_SHEET_ENTRY = 'appearance-dark';

const pageConfig = createAppConfig(
  {
    appDir,
    app: 'shell',
    name: 'shell-boot',
    entry: {
      login: './src/login/login-entry.tsx',
      legal: './src/pages/legal-entry.ts',
      [DARK_SHEET_ENTRY]: './src/appearance/dark-sheet.ts',
    },
    publicPath: '/',
    htmlTitle: 'AnnieAI',
    publicDir: 'public',
    htmlPages: [
      {
        filename: 'index.html',
        chunks: ['login'],
        inlineCss: true,
        // The prerendered screen is painted before login.js is fetched (Sign In waits for hydration).
        scriptsAfterPaint: production,
        rootMarkup: () => (production ? loadPrerendered(appDir, PRERENDER, 'renderLoginMarkup') : ''),
      },
      { filename: 'app.html', chunks: [], rootMarkup: () => SPINNER, headMarkup: APP_PAGE_HEAD },
      // The legal pages for visitors without a session: static HTML, prerendered, their CSS inlined.
      ...LEGAL_PAGES.map(([filename, render]) => ({
        filename,
        chunks: ['legal'],
        inlineCss: true,
        rootMarkup: () => (production ? loadPrerendered(appDir, PRERENDER, render) : ''),
      })),
    ],
    keepInOutput: /^app\//,
  },
  production,
);

const page = {
  ...pageConfig,
  plugins: [...(pageConfig.plugins ?? []), new AppearanceHeadPlugin(DARK_SHEET_ENTRY, '/')],
  dependencies: production ? [PRERENDER] : [],
};

const federatedApp = createAppConfig(
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
);

// V8's explicit compile hint (Chrome 136+): app.js and react-dom's chunk hold what the signed-in page runs
// at once (every shared singleton is eager), so V8 compiles all of their functions up front, on a
// background thread while each file streams in, instead of each one on the main thread the first time it
// is called. Added after minification (which drops comments), before the source map and the compressed
// siblings are made.
const EAGER_COMPILE_HINT = new rspack.BannerPlugin({
  banner: '//# allFunctionsCalledOnLoad',
  raw: true,
  test: new RegExp(`^(app|${APP_REACT_DOM_CHUNK})\\.js$`),
  stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
});

export default defineConfig([
  ...(production
    ? [createPrerenderConfig({ appDir, name: PRERENDER, entry: './src/prerender-entry.ts' })]
    : []),
  page,
  {
    // After the page compilation, whose clean of dist/ must not race this one's writes into dist/app/.
    dependencies: ['shell-boot'],
    ...federatedApp,
    // react-dom in a script of its own beside app.js (APP_REACT_DOM_CHUNK); both are initial chunks, so the
    // entry starts once both have run.
    optimization: {
      ...federatedApp.optimization,
      splitChunks: {
        cacheGroups: {
          reactDom: {
            test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
            name: APP_REACT_DOM_CHUNK,
            chunks: 'initial',
            enforce: true,
          },
        },
      },
    },
    plugins: [
      ...(federatedApp.plugins ?? []),
      // The version of each shared singleton this shell serves: the API refuses a published remote
      // build that needs one it cannot serve (dist/app/host-shared.json).
      jsonAsset('host-shared.json', () => singletonVersions(appDir)),
      // The names its shared module of each surfaced package provides: the API refuses a remote build
      // that needs one it does not, naming it (dist/app/host-surfaces.json).
      jsonAsset('host-surfaces.json', () => surfacesProvided()),
      EAGER_COMPILE_HINT,
    ],
  },
]);
