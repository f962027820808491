import { DEFAULT_REALTIME_MODEL, DEFAULT_TEXT_MODEL } from '@annie/contracts/openai-models';
import { REMOTE_NAMES, type RemoteName } from '@annie/contracts/remotes';
import { z } from 'zod';
import { isPhoneRegion } from '../lib/phone-number.ts';
import { SAMPLER_NAMES } from '../observability/tracing.ts';
import { DEFAULTS } from './defaults.mjs';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const commaList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** The realtime connection's default ICE server: a public STUN server. */
export const DEFAULT_ICE_SERVER = 'stun:stun.l.google.com:19302';
const ICE_URL = /^(stuns?|turns?):[^\s,]+$/;

/** Comma-separated stun:/turn: URLs for the browser's RTCPeerConnection; `none` for no ICE servers (loopback). */
const iceServerList = z
  .string()
  .default(DEFAULT_ICE_SERVER)
  .transform((value) =>
    value.trim() === 'none'
      ? []
      : value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
  )
  .refine(
    (urls) => urls.every((url) => ICE_URL.test(url)),
    'must be stun: or turn: URLs separated by commas, or none',
  );

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Every provider simulated by the loopback fakes (README "Sandbox"); operator only. */
    ANNIE_SANDBOX: booleanFlag,
    HOST: z.string().default(DEFAULTS.HOST),
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULTS.PORT),
    PUBLIC_URL: z.url().optional(),
    TRUST_PROXY: booleanFlag,
    /** How many proxies in front of the app append to X-Forwarded-For; only that many right-most entries are read. */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
    DATABASE_URL: z.string().optional(),
    /**
     * The same database without a pooler in between, for what needs a session of its own: LISTEN, pg-boss,
     * migrations and their lock. Unset: DATABASE_URL (docs/deployment.md "Connection budget").
     */
    DATABASE_DIRECT_URL: z.string().optional(),
    /** The request pool's connections per instance (on DATABASE_URL). */
    DB_POOL_MAX: z.coerce.number().int().min(1).default(DEFAULTS.DB_POOL_MAX),
    /** The job handlers' pool per instance (on DATABASE_URL). */
    JOB_HANDLER_POOL_MAX: z.coerce.number().int().min(1).default(4),
    /** pg-boss's own pool per instance (on DATABASE_DIRECT_URL), besides its one LISTEN connection. */
    JOB_QUEUE_POOL_MAX: z.coerce.number().int().min(1).default(4),
    /** How many API instances share the database: start refuses a budget the server cannot hold for all. */
    EXPECTED_INSTANCES: z.coerce.number().int().min(1).default(1),
    /**
     * How long a starting instance waits for the migrations lock another one holds (0: without end); then
     * start fails, naming the holder (host:pid, PostgreSQL pid): a stuck holder no longer hangs every start.
     */
    MIGRATION_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(300_000),
    DATA_DIR: z.string().default(DEFAULTS.DATA_DIR),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(DEFAULTS.EMBEDDED_PG_PORT),
    PG_BIN_DIR: z.string().optional(),
    /** Daily backups of the embedded database kept in DATA_DIR/backups; 0 turns them off. */
    BACKUP_KEEP: z.coerce.number().int().min(0).default(7),
    /** Encrypts backups at rest (AES-256-GCM, key derived with scrypt); a restore of one refuses without it. */
    BACKUP_ENCRYPTION_KEY: z
      .string()
      .min(16, 'BACKUP_ENCRYPTION_KEY must be at least 16 characters')
      .optional(),
    /** A second folder (another disk, a mounted share) each scheduled backup is copied to, pruned alike. */
    BACKUP_COPY_DIR: z.string().optional(),
    /**
     * With DATABASE_URL: the pgBackRest stanza backing the database up (docs/deployment.md "Backups"); the
     * doctor reads the last backup from `pgbackrest info`. Unset: the doctor reports no backup tool.
     */
    PGBACKREST_STANZA: z.string().trim().min(1).optional(),
    /** pgBackRest's configuration file for `info` (its repository settings); unset: its default. */
    PGBACKREST_CONFIG: z.string().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
    /** A session ends this long after sign-in however active it is (SESSION_TTL_HOURS is the idle limit). */
    SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(168),
    ANNIE_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    CORS_ORIGINS: commaList,
    STATIC_ROOT: z.string().optional(),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    LOGIN_MAX_ATTEMPTS_PER_USER: z.coerce.number().int().positive().default(5),
    LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(50),
    LOGIN_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60),
    WEB_SEARCH_MAX_PER_HOUR: z.coerce.number().int().positive().default(60),
    AGT_BASE_URL: z.url().optional(),
    AGT_API_KEY: z.string().optional(),
    AGT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    AGT_MAX_RESPONSE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(2 * 1024 * 1024),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_TOKEN_KEY: z
      .string()
      .refine(
        (value) => Buffer.from(value, 'base64').length === 32,
        'must be 32 bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
    GOOGLE_API_ROOT_URL: z.url().optional(),
    GOOGLE_OAUTH_BASE_URL: z.url().optional(),
    GOOGLE_TOOL_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: z.url().optional(),
    OPENAI_REALTIME_MODEL: z.string().trim().min(1).default(DEFAULT_REALTIME_MODEL),
    OPENAI_REALTIME_CA_FILE: z.string().optional(),
    OPENAI_REALTIME_CALLS_BASE_URL: z.url().optional(),
    OPENAI_REALTIME_SIDEBAND_BASE_URL: z.url().optional(),
    OPENAI_LIVE_BASE_URL: z.url().optional(),
    OPENAI_LIVE_CA_FILE: z.string().optional(),
    OPENAI_LIVE_CALLS_BASE_URL: z.url().optional(),
    REALTIME_OFFERS_PER_MINUTE: z.coerce.number().int().positive().default(20),
    WEBRTC_ICE_SERVERS: iceServerList,
    WEBRTC_TURN_USERNAME: z.string().optional(),
    WEBRTC_TURN_CREDENTIAL: z.string().optional(),
    OPENAI_TEXT_BASE_URL: z.url().optional(),
    OPENAI_TEXT_MODEL: z.string().trim().min(1).default(DEFAULT_TEXT_MODEL),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_PHONE_NUMBER: z.string().optional(),
    TWILIO_API_BASE_URL: z.url().optional(),
    ASSISTANT_NAME: z.string().trim().min(1).default('James'),
    PHONE_DEFAULT_REGION: z
      .string()
      .default('US')
      .refine(isPhoneRegion, 'must be an ISO 3166 region code such as US or GB'),
    RELEASE_ROLLBACK_FAILURES: z.coerce.number().int().min(1).default(3),
    RELEASE_ROLLBACK_WINDOW_MINUTES: z.coerce.number().int().min(1).default(10),
    RELEASE_ROLLBACK_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(20),
    RELEASE_UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(52_428_800),
    RELEASE_UPLOAD_MAX_FILES: z.coerce.number().int().min(1).default(2000),
    RELEASE_KEEP: z.coerce.number().int().min(0).default(20),
    RELEASE_FILE_CACHE_BYTES: z.coerce.number().int().min(0).default(67_108_864),
    /**
     * Tests only (refused when NODE_ENV=production): origins a URL build may be fetched from although
     * they resolve to a loopback or private address (the tests' local "CDN").
     */
    RELEASE_URL_TEST_ORIGINS: commaList,
    OPERATOR_TENANT: z.string().trim().min(1).optional(),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    /** On SIGTERM, how long live calls may go on before the assistant ends them politely. */
    CALL_DRAIN_MS: z.coerce
      .number()
      .int()
      .min(0)
      .default(15 * 60_000),
    /** Live phone calls one instance carries; more are refused (all lines busy) or go to another instance. */
    MAX_CALLS_PER_INSTANCE: z.coerce.number().int().min(1).default(50),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `auto`: lines for people on a terminal, JSON otherwise (a file, a pipe, a log collector). */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /** The Prometheus metrics listener's port (docs/operations.md); unset: no metrics are served. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The metrics listener's address; unset: HOST's. */
    METRICS_HOST: z.string().optional(),
    /** When set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>`. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Traces go over OTLP/HTTP to this collector (its /v1/traces); unset: tracing is off. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('annie-api'),
    /**
     * Which traces are kept, by OpenTelemetry's sampler names: `parentbased_traceidratio` with
     * OTEL_TRACES_SAMPLER_ARG=0.1 keeps one request or call in ten, each whole.
     */
    OTEL_TRACES_SAMPLER: z.enum(SAMPLER_NAMES).default('parentbased_always_on'),
    /** The kept share (0–1) for the `traceidratio` samplers; unset: 1. */
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
    ...Object.fromEntries(
      REMOTE_NAMES.flatMap((name) => [
        [`REMOTE_${name.toUpperCase()}_ENTRY`, z.string().default(`/remotes/${name}/mf-manifest.json`)],
        [`REMOTE_${name.toUpperCase()}_VERSION`, z.string().default('local')],
      ]),
    ),
  })
  .superRefine(requireGoogleCompanions)
  .superRefine((env, ctx) => {
    if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_DIRECT_URL'], message: 'needs DATABASE_URL as well' });
    if (env.METRICS_PORT && env.METRICS_PORT === env.PORT)
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: "must not be the app's PORT" });
    refuseTestOnlyInProduction(env, ctx);
  });

/** A setting that opens the server to its own network is for tests: production refuses to start with it. */
function refuseTestOnlyInProduction(
  env: { NODE_ENV: string; RELEASE_URL_TEST_ORIGINS: string[] },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV === 'production' && env.RELEASE_URL_TEST_ORIGINS.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: ['RELEASE_URL_TEST_ORIGINS'],
      message:
        'is for tests only: a URL build is never fetched from a loopback or private address in production',
    });
}

/** Google configured means tokens will be stored: refuse to start without the key that encrypts them. */
function requireGoogleCompanions(
  env: {
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    GOOGLE_TOKEN_KEY?: string;
    PUBLIC_URL?: string;
  },
  ctx: z.RefinementCtx,
): void {
  if (!env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) return;
  const needed = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_TOKEN_KEY', 'PUBLIC_URL'] as const;
  for (const name of needed) {
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'is required when Google is configured' });
  }
}

/** A remote's configured entry; `overridden` when REMOTE_<NAME>_ENTRY is set (it then wins over releases). */
export type RemoteConfig = { name: RemoteName; entry: string; version: string; overridden: boolean };
type RawEnv = z.infer<typeof envSchema>;
export type AppConfig = Omit<RawEnv, `REMOTE_${string}`> & { remotes: RemoteConfig[] };

/** Raised at start when the environment is invalid; lists every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; the only place that reads process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // `X=` in an env file means unset, not an empty value.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const raw = result.data as RawEnv & Record<string, string>;
  const remotes = REMOTE_NAMES.map((name) => ({
    name,
    entry: raw[`REMOTE_${name.toUpperCase()}_ENTRY`] ?? `/remotes/${name}/mf-manifest.json`,
    version: raw[`REMOTE_${name.toUpperCase()}_VERSION`] ?? 'local',
    overridden: present[`REMOTE_${name.toUpperCase()}_ENTRY`] !== undefined,
  }));
  const config = Object.fromEntries(Object.entries(raw).filter(([key]) => !key.startsWith('REMOTE_')));
  return { ...(config as Omit<RawEnv, `REMOTE_${string}`>), remotes };
}
