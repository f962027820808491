/**
 * The API's module boundaries, checked by `npm run lint`.
 * - core (api/src outside modules/, the composition roots and the sandbox) never imports a module;
 * - a module imports another module only through that module's public `index.ts`;
 * - the composition roots (app, domains, main, cli, the sandbox) reach modules through `index.ts` too.
 * A module is a folder under api/src/modules, or under api/src/modules/voice for the voice area.
 * Tests may reach into a module's files to set up data (they are not part of the product's graph).
 */
const MODULE = '^api/src/modules/((?:voice/)?[^/]+)/';
const TESTS = ['\\.test\\.ts$', '^api/test/', '/testing/'];

module.exports = {
  forbidden: [
    {
      name: 'core-imports-no-module',
      severity: 'error',
      comment:
        'Core (lib, db, http, middleware, openapi, live, jobs, providers, config) must not depend on a domain module.',
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
    includeOnly: '^api/src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'api/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
