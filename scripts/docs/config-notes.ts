// What each variable of the config schema (api/src/config/env.ts) means, for the people who set it.
// `npm run docs` writes `.env.example` and the tables of docs/configuration.md from the schema (names,
// defaults) and these notes (groups, meanings); `npm run lint` fails when either is stale or when a
// schema variable has no note here. Defaults are never written here: the schema has them.

export interface ConfigNote {
  /** What it does, in Markdown (one line of a table). */
  meaning: string;
  /** Shown after the schema's default in the docs, e.g. what another command sets instead. */
  defaultNote?: string;
  /** For a variable without a default: what being unset means (the docs' default column; else "—"). */
  unset?: string;
  /** For a variable without a default: the value `.env.example` shows (else empty). */
  example?: string;
}

export interface ConfigGroup {
  title: string;
  /** A sentence above the group, in the docs and in `.env.example`. */
  about?: string;
  /** In the order shown; `REMOTE_<NAME>_…` stands for one variable per remote. */
  variables: Record<string, string | ConfigNote>;
}

export const CONFIG_GROUPS: readonly ConfigGroup[] = [
  {
    title: 'Server',
    variables: {
      NODE_ENV: {
        meaning: '`development`, `production` or `test`',
        defaultNote: '(`production` under `npm start`)',
      },
      HOST: 'interface to listen on',
      PORT: 'the one port serving API, shell and remotes',
      PUBLIC_URL: { meaning: 'the public address (links, webhooks)', example: 'https://annie.example.com' },
      TRUST_PROXY: 'honour `X-Forwarded-*` behind a reverse proxy (Secure cookies over https)',
      TRUST_PROXY_HOPS:
        'how many proxies append to `X-Forwarded-For`; only that many right-most entries are read, so set it exactly',
      LOG_LEVEL: 'pino level; logs never contain passwords, cookies or tokens',
      LOG_FORMAT:
        '`pretty` (lines for people), `json` (one object a line), or `auto`: pretty on a terminal, JSON otherwise; the same fields either way',
      METRICS_PORT:
        'the Prometheus metrics listener\'s own port (`GET /metrics`); unset: no metrics are served. Never the app\'s `PORT` (refused at start) — docs/operations.md "Metrics"',
      METRICS_HOST: {
        meaning:
          "the metrics listener's address (e.g. `127.0.0.1`, or an internal interface only Prometheus reaches)",
        unset: "`HOST`'s",
      },
      METRICS_TOKEN: 'at least 16 characters: a scrape must send `Authorization: Bearer <token>`, else 401',
      OTEL_EXPORTER_OTLP_ENDPOINT:
        'an OpenTelemetry collector (OTLP over HTTP, e.g. `http://collector:4318`): traces are exported there. Unset: tracing is off, at no cost. `OTEL_EXPORTER_OTLP_HEADERS` is read by the exporter too',
      OTEL_SERVICE_NAME: "the traces' `service.name`",
      OTEL_TRACES_SAMPLER:
        'which traces are kept, by OpenTelemetry\'s sampler names (`parentbased_traceidratio`, `always_off`, …): decided at a trace\'s root, so a request or call is kept whole (docs/operations.md "Traces")',
      OTEL_TRACES_SAMPLER_ARG: 'the share kept by the `traceidratio` samplers, 0–1; unset: 1',
      BODY_LIMIT_BYTES: 'JSON body limit (413 above it)',
      SHUTDOWN_GRACE_MS:
        'on SIGTERM/SIGINT, time for HTTP requests, event streams and jobs to finish (live calls have `CALL_DRAIN_MS`)',
      CALL_DRAIN_MS:
        'on SIGTERM/SIGINT, how long live phone calls, Voice Console tests and measured browser calls may go on; then the assistant says it must go and ends them (deployment.md "Draining")',
      MAX_CALLS_PER_INSTANCE:
        'live phone calls one instance carries; a call past it goes to another instance, or hears "all lines are busy" (deployment.md "Capacity")',
      STATIC_ROOT: {
        meaning: 'folder holding `shell/dist` and `remotes/<name>/dist`',
        unset: 'the repository',
      },
      ANNIE_SANDBOX: {
        meaning:
          'every provider simulated in-process; refuses provider settings; defaults `PUBLIC_URL` to `http://localhost:PORT`, `DATA_DIR` to `.data/sandbox`, `EMBEDDED_PG_PORT` to 54339',
        defaultNote: '(`true` under `npm run sandbox`)',
      },
    },
  },
  {
    title: 'Database',
    variables: {
      DATABASE_URL: {
        meaning: 'PostgreSQL URL; unset: embedded PostgreSQL in `DATA_DIR/postgres`',
        example: 'postgres://user:pass@host:5432/annie',
      },
      DATABASE_DIRECT_URL: {
        meaning:
          "the same database without a pooler: LISTEN, pg-boss, migrations and their lock need a session of their own; set it when `DATABASE_URL` is PgBouncer's (transaction mode)",
        unset: '`DATABASE_URL`',
      },
      DB_POOL_MAX: 'request pool per instance (on `DATABASE_URL`)',
      JOB_HANDLER_POOL_MAX: "job handlers' pool per instance (on `DATABASE_URL`)",
      JOB_QUEUE_POOL_MAX:
        "pg-boss's pool per instance (on `DATABASE_DIRECT_URL`), besides its one LISTEN connection",
      EXPECTED_INSTANCES:
        "API instances sharing the database: start refuses a budget the server's `max_connections` cannot hold for all of them ([deployment.md](deployment.md#connection-budget))",
      MIGRATION_LOCK_TIMEOUT_MS:
        'how long a starting instance waits for the migrations lock another instance holds (`0`: without end); then start fails with an error naming the holder (`annie-startup-lock host:pid`, its PostgreSQL pid and address) and how to end a stuck session',
      DATA_DIR: 'embedded database, its password, the generated session secret, start log',
      EMBEDDED_PG_PORT:
        "names the embedded PostgreSQL's Unix socket (in its data folder; it opens no TCP port)",
      BACKUP_KEEP:
        "daily backups of the embedded database kept in `DATA_DIR/backups` (taken once across instances; `0` turns them off); the last one's time and size are in the doctor report",
      BACKUP_ENCRYPTION_KEY:
        'encrypts scheduled and `db:backup` files at rest (AES-256-GCM, key derived with scrypt; 16+ characters); `db:restore` of an encrypted file refuses without it. Keep it apart from the backups (a password manager): a lost key is a lost backup. pgBackRest has its own `repo1-cipher-type`/`repo1-cipher-pass`',
      BACKUP_COPY_DIR:
        'a second folder (another disk) every scheduled backup is copied to, keeping as many as `BACKUP_KEEP`',
      PGBACKREST_STANZA: {
        meaning:
          'with `DATABASE_URL`: the pgBackRest stanza that backs the database up; the doctor reports its last backup from `pgbackrest info` (unset: the doctor reports that nothing backs the database up)',
        example: 'annie',
      },
      PGBACKREST_CONFIG: {
        meaning: "pgBackRest's configuration file naming the repository, for `pgbackrest info`",
        example: '/etc/pgbackrest/pgbackrest.conf',
        unset: "pgBackRest's default",
      },
      PG_BIN_DIR: {
        meaning: 'folder with `pg_dump`/`pg_restore` for backups with `DATABASE_URL` (else the PATH)',
        example: '/usr/lib/postgresql/18/bin',
      },
    },
  },
  {
    title: 'Sessions and sign-in',
    variables: {
      SESSION_SECRET: {
        meaning:
          'cookie signing key (≥ 32 characters); required with `DATABASE_URL` (start is refused without it: instances sharing a database must share it)',
        unset: 'generated into `DATA_DIR` (embedded database only)',
      },
      SESSION_TTL_HOURS: 'idle session lifetime',
      SESSION_ABSOLUTE_HOURS: 'a session ends this long after sign-in however active',
      ANNIE_ADMIN_PASSWORD: {
        meaning: 'password of the first admin `admin`',
        unset: 'generated, printed once',
      },
      LOGIN_MAX_ATTEMPTS_PER_USER:
        'attempts per username+IP per window before 429 (a success gives its attempt back)',
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: 'attempts per username from any address per window',
      LOGIN_MAX_ATTEMPTS_PER_IP: 'attempts per IP across usernames per window',
      LOGIN_WINDOW_SECONDS: 'the rate-limit window',
      WEB_SEARCH_MAX_PER_HOUR:
        'web searches (`POST /api/voice/web-search`) one user may run per hour before 429; each is billed',
    },
  },
  {
    title: 'Browser origins',
    variables: {
      CORS_ORIGINS: 'comma-separated extra origins allowed to call the API with cookies',
    },
  },
  {
    title: 'Remote releases',
    about:
      'Remotes are released with `npm run annie -- remote:publish/activate` (README "Release a remote"); a `REMOTE_<NAME>_ENTRY` set here is the operator\'s override and wins over the release registry.',
    variables: {
      'REMOTE_<NAME>_ENTRY': {
        meaning:
          "the remote's manifest while no release is active; when set, overrides the release registry. The build's `first-paint.json` beside it (if any) is the page's first paint",
      },
      'REMOTE_<NAME>_VERSION': 'the version the registry reports for that entry',
      RELEASE_ROLLBACK_FAILURES:
        'different users served a newly activated version (or canary) who fail to load it, at least, to roll it back…',
      RELEASE_ROLLBACK_WINDOW_MINUTES: 'how long after activation load failures count',
      RELEASE_FILE_CACHE_BYTES:
        'memory each instance keeps release files in, by digest (least recently used first out)',
      RELEASE_ROLLBACK_SHARE_PERCENT:
        '…and the share of the users served that version since its activation they must be',
      RELEASE_UPLOAD_MAX_BYTES: 'the size limit of a build uploaded with a deploy token',
      RELEASE_UPLOAD_MAX_FILES: 'the file count limit of a build uploaded with a deploy token',
      RELEASE_KEEP: 'releases kept per remote after each publish (never one in use; `0`: keep all)',
      RELEASE_URL_TEST_ORIGINS: {
        meaning:
          '**tests only**, refused when `NODE_ENV=production`: origins a URL build may be fetched from although they resolve to a loopback or private address (the tests\' local "CDN")',
      },
      OPERATOR_TENANT: {
        meaning: 'the tenant whose administrators manage remote releases and deploy tokens',
        unset: "the first admin's tenant",
      },
    },
  },
  {
    title: 'Chemistry formulation provider (AGT)',
    variables: {
      AGT_BASE_URL: {
        meaning: 'chemistry provider base URL (unset: lab jobs fail and the proxy answers 503)',
        example: 'https://agt.example.com',
      },
      AGT_API_KEY: 'chemistry provider key, sent as `Authorization: Bearer …`',
      AGT_TIMEOUT_MS: 'provider request timeout',
      AGT_MAX_RESPONSE_BYTES: 'provider response size cap',
    },
  },
  {
    title: 'Google Workspace',
    about: 'Unset: the workspace page shows Connection Failed and its tools answer 503.',
    variables: {
      GOOGLE_CLIENT_ID: 'Google OAuth "Web application" client; unset: `/api/google/auth` answers 503',
      GOOGLE_CLIENT_SECRET: 'its secret',
      GOOGLE_TOKEN_KEY:
        '32 random bytes in base64 (`openssl rand -base64 32`) encrypting refresh tokens (AES-256-GCM); required with Google',
      GOOGLE_TOOL_TIMEOUT_MS: "one workspace tool call, Google's answers included",
      GOOGLE_API_ROOT_URL: { meaning: 'tests and sandbox only: the loopback fake', unset: "Google's hosts" },
      GOOGLE_OAUTH_BASE_URL: {
        meaning: 'tests and sandbox only: the loopback fake',
        unset: "Google's hosts",
      },
    },
  },
  {
    title: 'OpenAI',
    about:
      'Voice page calls, the Voice Console test panel, web search and SMS drafts; unset key: they answer 503 naming it.',
    variables: {
      OPENAI_API_KEY:
        'OpenAI key (unset: voice calls, Voice Console tests and web search answer 503; no SMS drafts)',
      OPENAI_BASE_URL: 'OpenAI API base URL (the realtime WebSocket always dials `wss://`)',
      OPENAI_REALTIME_MODEL:
        'realtime model when no profile names one; a shut-down model is replaced by the default for the session, with a warning',
      OPENAI_TEXT_BASE_URL: {
        meaning:
          "base URL for text (SMS drafts, web search) and speech (the Voice Console's voice samples) when it differs",
        unset: '`OPENAI_BASE_URL`',
      },
      OPENAI_TEXT_MODEL: 'model for SMS drafts and the `web_search` voice tool',
      OPENAI_REALTIME_CA_FILE: 'extra CA (PEM) trusted for the realtime WebSocket, e.g. a loopback fake',
      OPENAI_REALTIME_CALLS_BASE_URL: {
        meaning: "base URL for the voice page's WebRTC calls when it differs",
        unset: '`OPENAI_BASE_URL`',
      },
      OPENAI_REALTIME_SIDEBAND_BASE_URL: {
        meaning: 'where the server attaches to a browser call to measure it (a loopback fake in tests)',
        unset: "the calls' base URL",
      },
      OPENAI_LIVE_BASE_URL: {
        meaning: 'base URL for GPT-Live sessions (profiles on the GPT-Live engine) when it differs',
        unset: '`OPENAI_BASE_URL`',
      },
      OPENAI_LIVE_CA_FILE: "extra CA (PEM) trusted for GPT-Live's WebSocket, e.g. a loopback fake",
      OPENAI_LIVE_CALLS_BASE_URL: {
        meaning:
          'base URL for `POST /live/sessions` (browser calls on GPT-Live) when it differs; their sideband attaches at `OPENAI_LIVE_BASE_URL`',
        unset: '`OPENAI_LIVE_BASE_URL`',
      },
      REALTIME_OFFERS_PER_MINUTE:
        'browser calls one user may start per minute (each a paid session); then 429',
      WEBRTC_ICE_SERVERS: "the voice page's ICE servers: comma-separated `stun:`/`turn:` URLs, or `none`",
      WEBRTC_TURN_USERNAME: 'credentials for the `turn:` entries',
      WEBRTC_TURN_CREDENTIAL: 'credentials for the `turn:` entries',
    },
  },
  {
    title: 'Messaging (Twilio)',
    about: 'Unset: sending answers 503 naming what is missing.',
    variables: {
      TWILIO_ACCOUNT_SID: 'Twilio account (unset: texts and calls answer 503 naming what is missing)',
      TWILIO_AUTH_TOKEN: "Twilio auth token; also checks webhooks' `X-Twilio-Signature`",
      TWILIO_PHONE_NUMBER: {
        meaning: "the first tenant's messaging number (E.164); other tenants: `messaging:number`",
        example: '+14155550100',
      },
      TWILIO_API_BASE_URL: 'replaces `https://api.twilio.com` (loopback fake, sandboxes)',
      PHONE_DEFAULT_REGION: 'region for phone numbers typed without a country code',
    },
  },
  {
    title: 'Persona',
    variables: {
      ASSISTANT_NAME: "the assistant's first name, shown by every screen",
    },
  },
];
