import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { holdScriptsUntilPainted } from '@annie/contracts/page-scripts';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Compiler, type Configuration, rspack } from '@rspack/core';
import { compressedAssets } from './compressed-assets.ts';
import { DEV_PORTS, type DevApp } from './dev-ports.ts';
import { CONTRACT_MODULE } from './pure-contracts-loader.ts';
import { REACT_ICONS_MODULE } from './react-icons-per-icon-loader.ts';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/** One HTML page of an app: which entries it loads and what #root holds before they run. */
export interface HtmlPageOptions {
  filename: string;
  /** Entry names whose scripts and stylesheets the page links; all entries when absent. */
  chunks?: string[];
  /** Markup inside #root (e.g. a loading spinner, or a screen rendered at build time); read per build. */
  rootMarkup: () => string | Promise<string>;
  /** Extra tags at the end of <head> (e.g. a preload, or a script another compilation builds). */
  headMarkup?: string;
  /**
   * The page's stylesheets go inside it as <style> instead of <link>: the first paint waits for no
   * other request (for a small page, such as the login screen, whose CSS is a subset).
   */
  inlineCss?: boolean;
  /**
   * The page's scripts are fetched and run once it has been painted (holdScriptsUntilPainted), not
   * before: for a page whose #root is already what the user needs to see (a screen rendered at build time).
   */
  scriptsAfterPaint?: boolean;
}

/** What differs between the apps (and the shell's two compilations); the rest is the shared base. */
export interface AppBuildOptions {
  /** The app's package directory (holds package.json, src/ and the rspack config). */
  appDir: string;
  /** Which app: picks the dev-server port. */
  app: DevApp;
  /** Compilation name, when one config file builds several. */
  name?: string;
  /** Entry points, relative to appDir. */
  entry: Record<string, string>;
  /** Output directory relative to appDir; default `dist`. */
  outputDir?: string;
  /** Absolute URL prefix of the output (e.g. `/` or `/app/`), or `'auto'` for remotes. */
  publicPath: string;
  /** Generates index.html with this title (and serves it in dev); no page when absent. */
  htmlTitle?: string;
  /** Markup shown inside #root until the app renders (no inline styles: the API's CSP forbids them). */
  htmlLoadingMarkup?: string;
  /** Several pages instead of the one index.html with htmlLoadingMarkup (each titled htmlTitle). */
  htmlPages?: HtmlPageOptions[];
  /** The app's Module Federation options (the shell's federation config, or `remoteConfig`'s); none for a plain bundle. */
  federation?: FederationOptions;
  /** Entry files (scripts and stylesheets) keep a fixed name (no hash) because something loads them by a known URL. */
  stableEntryNames?: boolean;
  /** Files under outputDir that another compilation writes, kept when this one cleans the folder. */
  keepInOutput?: RegExp;
  /**
   * A folder (relative to appDir) copied as it is to the output root: the icons (favicon.svg, linked
   * from every page, and favicon.ico, which browsers ask for on pages that link none, e.g. a JSON answer).
   */
  publicDir?: string;
}

/** Browsers the output must run in (swc downlevels syntax for them; no polyfills are injected). */
export const BROWSER_TARGETS = ['chrome >= 111', 'edge >= 111', 'firefox >= 114', 'safari >= 16.4'];

const require = createRequire(import.meta.url);
const radixCssSubsetLoader = require.resolve('./radix-css-subset-loader.ts');
const radixTooltipProviderLoader = require.resolve('./radix-tooltip-provider-loader.ts');
const reactIconsPerIconLoader = require.resolve('./react-icons-per-icon-loader.ts');
const pureContractsLoader = require.resolve('./pure-contracts-loader.ts');
const RADIX_THEME_MODULE = /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/;

const FEDERATION_RUNTIME_CJS = /[\\/]@module-federation[\\/][a-z-]+[\\/]dist[\\/].+\.cjs$/;
const esmSibling = (file: string) => {
  const esm = file.replace(/\.cjs$/, '.js');
  return esm !== file && existsSync(esm) ? esm : file;
};

/**
 * The federation runtime from its packages' ES builds instead of the CommonJS files the plugin points at
 * (it finds them with require.resolve): the bundler tree-shakes ES modules, not CommonJS. Both the
 * absolute paths it imports and the aliases it sets are moved to the `.js` beside each `.cjs`.
 */
class FederationRuntimeAsEsmPlugin {
  apply(compiler: Compiler) {
    new rspack.NormalModuleReplacementPlugin(FEDERATION_RUNTIME_CJS, (resolveData) => {
      if (!resolveData.createData) resolveData.request = esmSibling(resolveData.request);
    }).apply(compiler);
    compiler.hooks.afterPlugins.tap('FederationRuntimeAsEsmPlugin', () => {
      const alias = compiler.options.resolve.alias;
      if (!alias || Array.isArray(alias)) return;
      for (const [key, target] of Object.entries(alias)) {
        if (typeof target === 'string' && FEDERATION_RUNTIME_CJS.test(target))
          alias[key] = esmSibling(target);
      }
    });
  }
}

/**
 * An audio worklet (`*-worklet.js`) is loaded by URL (`audioWorklet.addModule(new URL(…, import.meta.url))`)
 * into its own global scope, so it is emitted as a file of its own, as written, never bundled.
 */
const AUDIO_WORKLET = /-worklet\.js$/;

/**
 * React Router's production build (`dist/production`) instead of the development one its package exports
 * point every bundler at: the same code with its development warnings switched off (ENABLE_DEV_WARNINGS),
 * which the minifier then drops. Resolved from the app's react-router-dom, the package apps import.
 */
export function reactRouterProductionBuild(appDir: string): Record<string, string> {
  const dom = realpathSync(join(appDir, 'node_modules', 'react-router-dom'));
  const router = dirname(createRequire(join(dom, 'package.json')).resolve('react-router/package.json'));
  const build = join(router, 'dist', 'production');
  const alias = {
    'react-router$': join(build, 'index.mjs'),
    'react-router/dom$': join(build, 'dom-export.mjs'),
  };
  for (const file of Object.values(alias))
    if (!existsSync(file)) throw new Error(`react-router has no production build at ${file}`);
  return alias;
}

/** swc for TS/TSX with the automatic React runtime, down to BROWSER_TARGETS. */
export function scriptRule(production: boolean) {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: [/node_modules/, AUDIO_WORKLET],
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
      },
      env: { targets: BROWSER_TARGETS },
    },
    type: 'javascript/auto',
  };
}

function styleRule() {
  return {
    test: /\.css$/,
    oneOf: [
      // A Radix Themes sheet imported with ?radix-subset is cut down to the components listed in the query.
      { resourceQuery: /radix-subset/, use: [{ loader: radixCssSubsetLoader }], type: 'css/auto' },
      { type: 'css/auto' },
    ],
  };
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The page around an empty #root; RootMarkupPlugin fills #root once the HTML plugin is done with it. */
function htmlPage(title: string, headMarkup = '', iconHref?: string): string {
  const icon = iconHref ? `<link rel="icon" href="${iconHref}" type="image/svg+xml" />` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    ${icon}
    ${headMarkup}
  </head>
  <body>
    ${EMPTY_ROOT}
  </body>
</html>
`;
}

/**
 * Puts each page's #root markup into the emitted HTML as it was rendered, byte for byte. The HTML
 * plugin re-serialises its template and drops comments, among them the `<!-- -->` React's server
 * renderer writes between adjacent text nodes; without them the prerendered text no longer matches
 * what the client renders and React discards the markup on hydration (error #418).
 */
class RootMarkupPlugin {
  readonly #pages: Map<string, HtmlPageOptions>;

  constructor(pages: HtmlPageOptions[]) {
    this.#pages = new Map(pages.map((page) => [page.filename, page]));
  }

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('RootMarkupPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'RootMarkupPlugin',
        async (data) => {
          const page = this.#pages.get(data.outputName);
          if (!page) return data;
          if (!data.html.includes(EMPTY_ROOT)) throw new Error(`${data.outputName} has no empty #root`);
          const markup = await page.rootMarkup();
          data.html = data.html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
          if (page.scriptsAfterPaint) data.html = holdScriptsUntilPainted(data.html);
          return data;
        },
      );
    });
  }
}

/** Replaces the pages' stylesheet links with the stylesheets themselves (HtmlPageOptions.inlineCss). */
class InlineCssPlugin {
  readonly #pages: Set<string>;
  readonly #publicPath: string;

  constructor(pages: string[], publicPath: string) {
    this.#pages = new Set(pages);
    this.#publicPath = publicPath;
  }

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('InlineCssPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'InlineCssPlugin',
        async (data) => {
          if (!this.#pages.has(data.outputName)) return data;
          data.html = data.html.replace(
            /<link href="([^"]+\.css)" rel="stylesheet">/g,
            (link, href: string) => {
              const asset = compilation.getAsset(
                href.startsWith(this.#publicPath) ? href.slice(this.#publicPath.length) : href,
              );
              if (!asset) return link;
              return `<style>${asset.source
                .source()
                .toString()
                .replace(/<\/style/gi, '<\\/style')}</style>`;
            },
          );
          return data;
        },
      );
    });
  }
}

/**
 * The shared rspack configuration of every app: swc for TS/TSX with the automatic React runtime, native CSS,
 * content-hashed and minified output in production with hidden source maps (written for error tooling, never
 * referenced by the bundles; the server refuses `.map`) and Brotli/gzip siblings of every text asset, an
 * index.html when asked, and the app's Module Federation plugin when it has one.
 */
export function createAppConfig(options: AppBuildOptions, production: boolean): Configuration {
  const hashed = production ? '[name].[contenthash:8]' : '[name]';
  const title = options.htmlTitle;
  const pages: HtmlPageOptions[] = title
    ? (options.htmlPages ?? [{ filename: 'index.html', rootMarkup: () => options.htmlLoadingMarkup ?? '' }])
    : [];
  const iconHref =
    options.publicDir && existsSync(join(options.appDir, options.publicDir, 'favicon.svg'))
      ? '/favicon.svg'
      : undefined;
  const htmlPlugins = pages.map(
    (page) =>
      new rspack.HtmlRspackPlugin({
        filename: page.filename,
        chunks: page.chunks,
        templateContent: () => htmlPage(title ?? '', page.headMarkup, iconHref),
        // Absolute script URLs, so deep links work even when the bundle's own publicPath is 'auto'.
        publicPath: options.publicPath === 'auto' ? '/' : options.publicPath,
      }),
  );
  const html = htmlPlugins.length > 0;
  const rootMarkup = html ? new RootMarkupPlugin(pages) : null;
  const publicFiles =
    options.publicDir && html
      ? new rspack.CopyRspackPlugin({ patterns: [{ from: options.publicDir }] })
      : null;
  const inlined = pages.filter((page) => page.inlineCss).map((page) => page.filename);
  const inlineCss =
    inlined.length > 0
      ? new InlineCssPlugin(inlined, options.publicPath === 'auto' ? '/' : options.publicPath)
      : null;
  return {
    name: options.name,
    context: options.appDir,
    mode: production ? 'production' : 'development',
    target: 'web',
    entry: options.entry,
    devtool: production ? 'hidden-source-map' : 'cheap-module-source-map',
    output: {
      path: join(options.appDir, options.outputDir ?? 'dist'),
      publicPath: options.publicPath,
      uniqueName: options.federation?.name ?? options.name,
      filename: options.stableEntryNames ? '[name].js' : `${hashed}.js`,
      chunkFilename: `${hashed}.js`,
      cssFilename: options.stableEntryNames ? '[name].css' : `${hashed}.css`,
      cssChunkFilename: `${hashed}.css`,
      assetModuleFilename: `assets/${hashed}[ext]`,
      clean: options.keepInOutput ? { keep: options.keepInOutput } : true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      alias: production ? reactRouterProductionBuild(options.appDir) : {},
    },
    module: {
      rules: [
        scriptRule(production),
        styleRule(),
        { test: AUDIO_WORKLET, type: 'asset/resource' },
        { test: RADIX_THEME_MODULE, use: [{ loader: radixTooltipProviderLoader }] },
        // The contracts' schemas and routes marked pure, so the ones a build does not use are left out.
        // (the loader refuses a module with any other top-level statement, which could have an effect).
        {
          test: CONTRACT_MODULE,
          enforce: 'pre' as const,
          sideEffects: false,
          use: [{ loader: pureContractsLoader }],
        },
        // One module per icon, so each icon is in the chunk of the code that shows it.
        { test: REACT_ICONS_MODULE, use: [{ loader: reactIconsPerIconLoader }] },
      ],
      // An import of a name its module does not export is an error, not a warning and an undefined at run
      // time: this is what holds every app to the shared surfaces (shared-surface.ts).
      parser: { javascript: { exportsPresence: 'error' } },
    },
    optimization: {
      minimize: production,
      // The CSS minifier down to BROWSER_TARGETS too: by default it aims at older browsers and writes each
      // `:is()` of Radix's sheet twice more (`:-webkit-any()`, `:-moz-any()`), ~1.5 KB Brotli on the first screen.
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin(),
        new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSER_TARGETS } }),
      ],
    },
    performance: false,
    // The CLI's default lazy compilation in dev would defer federated modules the shell asks for.
    lazyCompilation: false,
    plugins: [
      ...htmlPlugins,
      rootMarkup,
      inlineCss,
      publicFiles,
      options.federation ? new ModuleFederationPlugin(options.federation) : null,
      options.federation ? new FederationRuntimeAsEsmPlugin() : null,
      ...(production ? compressedAssets() : []),
    ],
    devServer: html
      ? {
          port: DEV_PORTS[options.app],
          hot: false,
          liveReload: true,
          // Remotes are fetched cross-origin by the shell's dev-server page.
          headers: { 'Access-Control-Allow-Origin': '*' },
          historyApiFallback: true,
          // Same-origin API in dev as in production (and the remotes the API serves from their builds).
          // The Host header is kept so that the API's Origin check on mutating requests sees the page's origin.
          proxy: [
            {
              context: ['/api', '/remotes'],
              target: `http://localhost:${DEV_PORTS.api}`,
              changeOrigin: false,
              ws: true,
            },
          ],
        }
      : undefined,
  };
}
