/** A production start's defaults (defaults.mjs). */
export declare const DEFAULTS: {
  readonly PORT: number;
  readonly HOST: string;
  readonly DATA_DIR: string;
  readonly EMBEDDED_PG_PORT: number;
  readonly DB_POOL_MAX: number;
};

/** What a sandbox uses instead (defaults.mjs). */
export declare const SANDBOX_DEFAULTS: {
  readonly DATA_DIR: string;
  readonly EMBEDDED_PG_PORT: number;
};
