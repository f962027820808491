// The defaults that more than one part reads: the server's settings (config/env.ts), the sandbox's
// (sandbox/sandbox-settings.ts), the request pool's (db/pool.ts) and the pre-flight (scripts/preflight.mjs, run on Node 20 before any
// install, hence plain JavaScript). Change a default here and every part agrees.

/** A production start's defaults. */
export const DEFAULTS = Object.freeze({
  PORT: 3000,
  HOST: '0.0.0.0',
  DATA_DIR: '.data',
  EMBEDDED_PG_PORT: 54329,
  DB_POOL_MAX: 12,
});

/** What a sandbox uses instead, so sample data never lands in the product's own database. */
export const SANDBOX_DEFAULTS = Object.freeze({
  DATA_DIR: '.data/sandbox',
  EMBEDDED_PG_PORT: 54339,
});
