/**
 * The API's module boundaries, checked by `npm run lint`.
 * - core (api/src outside modules/, the composition roots and the sandbox) never imports a module;
 * - a module imports another module only through that module's public `index.ts`;
 * - the composition roots (app, modules, main, cli, the sandbox) reach modules through `index.ts` too.
 * A module is a folder under api/src/modules, or under api/src/modules/voice for the voice area.
 * Tests may reach into a module's files to set up data (they are not part of the product's graph).
 */
const MODULE = '^api/src/modules/((?:voice/)?[^/]+)/';
const TESTS = ['\\.test\\.ts$', '^api/test/', '/testing/'];

/**
 * The front end's boundaries (shell, remotes, packages), checked by the same `npm run lint`:
 * - a remote imports no other remote and not the shell: each is built and released on its own;
 * - the shell imports no remote's source: remotes reach it only through Module Federation at run time;
 * - neither a remote nor the shell imports the API, and the API imports neither: they meet only over
 *   HTTP and through the contracts in packages/contracts (a remote's first paint is a file of its
 *   build, first-paint.json, which the API reads, never its source);
 * - a package (ui, api-client, contracts, test-fixtures, build-config, fakes) imports no app (shell, remotes, api);
 * - the contracts are data both sides read: they import zod and each other, no React, browser or other package;
 * - product code imports no test fixture (packages/test-fixtures is for tests and test kits);
 * - no circular imports between files, here or in the API.
 * These hold for tests too: a test that reaches into another app would tie their releases together.
 */
const APP_RULES = [
  {
    name: 'remote-imports-no-other-remote',
    severity: 'error',
    comment: 'A remote is built and released on its own: share code through packages/, not another remote.',
    from: { path: '^remotes/([^/]+)/' },
    to: { path: '^remotes/', pathNot: '^remotes/$1/' },
  },
  {
    name: 'remote-imports-no-shell',
    severity: 'error',
    comment: 'A remote does not import the shell: what both need lives in packages/.',
    from: { path: '^remotes/' },
    to: { path: '^shell/' },
  },
  {
    name: 'shell-imports-no-remote-source',
    severity: 'error',
    comment: 'The shell reaches remotes only through Module Federation (loadRemote), never their source.',
    from: { path: '^shell/' },
    to: { path: '^remotes/' },
  },
  {
    name: 'app-imports-no-api',
    severity: 'error',
    comment:
      'A remote or the shell never imports the API: what both sides agree on is a contract in packages/contracts.',
    from: { path: '^(remotes|shell)/' },
    to: { path: '^api/' },
  },
  {
    name: 'api-imports-no-app',
    severity: 'error',
    comment:
      "The API never imports a remote or the shell: a remote's release (its first paint too) is data the API reads, so each ships without the other.",
    from: { path: '^api/' },
    to: { path: '^(remotes|shell)/' },
  },
  {
    name: 'package-imports-no-app',
    severity: 'error',
    comment: 'Packages are shared by the apps and import none of them (shell, remotes, api).',
    from: { path: '^packages/' },
    to: { path: '^(shell|remotes|api)/' },
  },
  {
    name: 'relative-import-stays-in-its-package',
    severity: 'error',
    comment:
      "A relative import stays inside its own package (api, shell, e2e, scripts, remotes/*, packages/*): another package is reached by its name (@annie/fakes/mulaw), through the exports of its package.json and a dependency in the importer's.",
    // Except the pre-flight, which runs on a fresh machine before `pnpm install` links the workspace
    // packages: it reads the API's defaults (plain JS) by path.
    from: {
      path: '^(api|shell|e2e|scripts|remotes/[^/]+|packages/[^/]+)/',
      pathNot: '^scripts/preflight\\.mjs$',
    },
    to: { dependencyTypes: ['local'], pathNot: '^$1/' },
  },
  {
    name: 'contracts-import-only-zod',
    severity: 'error',
    comment:
      'The contracts (@annie/contracts) are read by the API, the build and the browser: they import zod and each other, never React, a browser package or another workspace package.',
    from: { path: '^packages/contracts/', pathNot: '\\.test\\.ts$' },
    to: { pathNot: ['^packages/contracts/', 'node_modules/zod/'] },
  },
  {
    name: 'product-imports-no-test-fixture',
    severity: 'error',
    comment: 'packages/test-fixtures stubs the API for tests: only tests and test kits import it.',
    from: {
      path: '^(api/src|shell|remotes|packages)/',
      pathNot: ['\\.test\\.tsx?$', '/testing/', '^packages/test-fixtures/'],
    },
    to: { path: '^packages/test-fixtures/' },
  },
  {
    name: 'no-circular-imports',
    severity: 'error',
    comment: 'Files depend on each other in one direction (the API, the shell, the remotes, the packages).',
    from: { path: '^(api/src|shell|remotes|packages)/' },
    to: { circular: true },
  },
];

module.exports = {
  forbidden: [
    ...APP_RULES,
    {
      name: 'core-imports-no-module',
      severity: 'error',
      comment:
        'Core (lib, db, http, middleware, openapi, live, jobs, providers, config) must not depend on a module.',
      from: { path: '^api/src/(lib|db|http|middleware|openapi|live|jobs|providers|config)/', pathNot: TESTS },
      to: { path: '^api/src/modules/' },
    },
    {
      name: 'module-internals-are-private',
      severity: 'error',
      comment: 'Import another module through its index.ts, not its internal files.',
      from: { path: MODULE, pathNot: TESTS },
      to: {
        path: MODULE,
        pathNot: ['^api/src/modules/$1/', '^api/src/modules/(?:voice/)?[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'roots-use-module-indexes',
      severity: 'error',
      comment: "The app's composition roots and the sandbox import modules through their index.ts.",
      from: { path: '^api/src/([^/]+\\.ts|sandbox/)', pathNot: TESTS },
      to: { path: MODULE, pathNot: '^api/src/modules/(?:voice/)?[^/]+/index\\.ts$' },
    },
    {
      name: 'no-circular-between-modules',
      severity: 'error',
      comment: 'Modules depend on each other in one direction.',
      from: { path: MODULE, pathNot: TESTS },
      to: { circular: true, path: MODULE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Build output and caches (shell/dist, remotes/*/dist, @mf-types) are not source.
    // node_modules/.pnpm is where a package import resolves to: kept, as a leaf (doNotFollow).
    exclude: {
      path: '^(?!node_modules/\\.pnpm/).*(^|/)(node_modules|dist|@mf-types|\\.rspack-cache|coverage)/',
    },
    // node_modules as leaves (doNotFollow), for the rules on which packages a folder may import.
    includeOnly: ['^(api|shell|remotes|packages|e2e|scripts)/', '(^|/)node_modules/'],
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'api/tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      // The workspace packages (@annie/*) are reached through their package.json `exports`.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
