import { z } from 'zod';
import { remoteNameSchema } from './remote-registry.ts';

/**
 * A release's version: letters, digits and `.+_-`, starting with a letter or digit (it is a URL path
 * segment, `/remotes/<name>/<version>/…`). `local` is taken: it names the build the server was deployed with.
 */
export const releaseVersionSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/, 'Use letters, digits and . + _ - (at most 64 characters)')
  .refine((version) => version !== 'local', '"local" names the deployed build; choose another version');

/** One shared package a build declares in its mf-manifest.json. */
export const releaseSharedSchema = z.strictObject({
  name: z.string(),
  version: z.string(),
  singleton: z.boolean(),
});

/** One published build of a remote. */
export const remoteReleaseSchema = z.strictObject({
  remote: remoteNameSchema,
  version: z.string(),
  publishedBy: z.string(),
  publishedAt: z.iso.datetime(),
  /** `database`: its files are served at `/remotes/<name>/<version>/`; `url`: a build already on a CDN. */
  storage: z.enum(['database', 'url']),
  entry: z.string(),
  shared: z.array(releaseSharedSchema),
  /** The manifest's exposed modules, e.g. `./app`. */
  exposes: z.array(z.string()),
  /** Load failures the shell reported for this version, by users it was served to. */
  loadErrors: z.number().int().nonnegative(),
  /** Different users the registry served this version to. */
  servedUsers: z.number().int().nonnegative(),
  /**
   * Who let it reach every tenant's users, and when (null: published by a deploy token and not approved
   * yet: it reaches the operator's own tenant only).
   */
  approvedBy: z.string().nullable(),
  approvedAt: z.iso.datetime().nullable(),
});

/** A remote's release state. */
export const remoteStateSchema = z.strictObject({
  remote: remoteNameSchema,
  /** The version everyone gets (null: the build deployed with the server, `local`). */
  active: z.string().nullable(),
  canary: z.strictObject({ version: z.string(), percent: z.number().int().min(1).max(99) }).nullable(),
  /** What `rollback` returns to once no canary is left (null: the deployed build). */
  previous: z.string().nullable(),
  /** Set when `REMOTE_<NAME>_ENTRY` is configured: that entry is served, whatever is active here. */
  override: z.string().nullable(),
  /** Whether load failures roll a newly activated version (or canary) back by themselves. */
  autoRollback: z.boolean(),
  /** Whether the remote's deploy tokens may approve their own versions (off by default; audited). */
  tokenApproves: z.boolean(),
  releases: z.array(remoteReleaseSchema),
});

export const remoteAuditEntrySchema = z.strictObject({
  id: z.string(),
  remote: remoteNameSchema,
  action: z.enum([
    'publish',
    'activate',
    'canary',
    'rollback',
    'auto-rollback',
    'auto-rollback-on',
    'auto-rollback-off',
    'delete',
    'token-create',
    'token-revoke',
    'approve',
    'token-approves-on',
    'token-approves-off',
    'operator-tenant',
  ]),
  version: z.string().nullable(),
  actor: z.string(),
  detail: z.string(),
  at: z.iso.datetime(),
});

/** A browser's report that a version it was served did not load (who reported it is not shown). */
export const remoteLoadReportSchema = z.strictObject({
  remote: remoteNameSchema,
  version: z.string(),
  message: z.string(),
  /** Whether it counted toward automatic rollback (served since that version's activation, within the window). */
  counted: z.boolean(),
  at: z.iso.datetime(),
});

/** Body of GET /api/remotes/releases. */
export const remoteReleasesSchema = z.strictObject({
  remotes: z.array(remoteStateSchema),
  audit: z.array(remoteAuditEntrySchema),
  /** The latest load failures reported, newest first. */
  reports: z.array(remoteLoadReportSchema),
});

/** Body of POST /api/remotes/releases: registers a build already hosted elsewhere (its manifest URL). */
export const publishUrlReleaseRequestSchema = z.strictObject({
  remote: remoteNameSchema,
  version: releaseVersionSchema,
  url: z.url({ protocol: /^https?$/ }),
});

/** Body of POST /api/remotes/releases/:remote/activate. */
export const activateReleaseRequestSchema = z.strictObject({
  version: releaseVersionSchema,
  /** 1–99: a canary for that share of users; absent or 100: everyone. */
  percent: z.number().int().min(1).max(100).optional(),
});

/** Body of POST /api/remotes/releases/:remote/auto-rollback. */
export const autoRollbackRequestSchema = z.strictObject({ enabled: z.boolean() });

export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;
export type RemoteState = z.infer<typeof remoteStateSchema>;
export type RemoteAuditEntry = z.infer<typeof remoteAuditEntrySchema>;
export type RemoteLoadReport = z.infer<typeof remoteLoadReportSchema>;
export type RemoteReleases = z.infer<typeof remoteReleasesSchema>;
export type ActivateReleaseRequest = z.infer<typeof activateReleaseRequestSchema>;

/** A deploy token: lets a team's CI release one remote (publish, activate or canary, promote, roll back). */
export const deployTokenSchema = z.strictObject({
  id: z.string(),
  remote: remoteNameSchema,
  name: z.string(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
});

/** How long a deploy token works when its creator does not say. */
export const DEPLOY_TOKEN_DEFAULT_DAYS = 90;

/** Body of GET /api/remotes/tokens. */
export const deployTokensSchema = z.strictObject({ tokens: z.array(deployTokenSchema) });

/** Body of POST /api/remotes/tokens. */
export const createDeployTokenRequestSchema = z.strictObject({
  remote: remoteNameSchema,
  name: z.string().trim().min(1, 'Name the token (e.g. the team or its CI)').max(80),
  /** Days until it stops working; absent: DEPLOY_TOKEN_DEFAULT_DAYS (90). */
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});

/** Answer of POST /api/remotes/tokens: the secret, shown this once. */
export const createdDeployTokenSchema = z.strictObject({
  token: z.string(),
  deployToken: deployTokenSchema,
});

/**
 * Body of POST /api/remotes/deploy/:remote/releases, `multipart/form-data`: the `version` field first,
 * then one file part per file of the build, named by its path inside it (`static/js/app.1234.js`).
 */
export const deployUploadFormSchema = z
  .object({ version: releaseVersionSchema })
  // A file part (binary in the API document); only the zod members the shell shares are used here.
  .catchall(z.string().describe('A file of the build, the part named by its path inside it'));

/** Body of POST /api/remotes/deploy/:remote/activate (a deploy token's call). */
export const deployActivateRequestSchema = activateReleaseRequestSchema;

export type DeployToken = z.infer<typeof deployTokenSchema>;
export type CreateDeployTokenRequest = z.infer<typeof createDeployTokenRequestSchema>;
export type CreatedDeployToken = z.infer<typeof createdDeployTokenSchema>;

export { type RemoteLoadErrorRequest, remoteLoadErrorRequestSchema } from './remote-registry.ts';

/** Body of POST /api/remotes/releases/confirm-password: the administrator's own password, again. */
export const confirmPasswordRequestSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(1024),
});

/**
 * Answer of POST /api/remotes/releases/confirm-password: a grant the Remote releases page sends as
 * `X-Release-Grant` to approve releases and issue tokens, until `expiresAt` (a few minutes), bound to
 * the session.
 */
export const releaseGrantSchema = z.strictObject({ grant: z.string(), expiresAt: z.iso.datetime() });

/** Body of POST /api/remotes/releases/:remote/approve. */
export const approveReleaseRequestSchema = z.strictObject({ version: releaseVersionSchema });

/** Body of POST /api/remotes/releases/:remote/token-approves. */
export const tokenApprovesRequestSchema = z.strictObject({ enabled: z.boolean() });

const changedFileSchema = z.strictObject({
  path: z.string(),
  /** Bytes; null for a URL build's file published before sizes were kept. */
  size: z.number().int().nonnegative().nullable(),
  previousSize: z.number().int().nonnegative().nullable(),
});

/** What a version changes against the active one (null: the deployed build, whose files are not listed). */
export const releaseChangesSchema = z.strictObject({
  remote: remoteNameSchema,
  version: z.string(),
  against: z.string().nullable(),
  publishedBy: z.string(),
  publishedAt: z.iso.datetime(),
  approvedBy: z.string().nullable(),
  files: z.strictObject({
    added: z.array(changedFileSchema),
    removed: z.array(changedFileSchema),
    changed: z.array(changedFileSchema),
    unchanged: z.number().int().nonnegative(),
  }),
  /** Each shared singleton whose version differs (previous null: new; version null: dropped). */
  shared: z.array(
    z.strictObject({ name: z.string(), version: z.string().nullable(), previous: z.string().nullable() }),
  ),
});

export type ReleaseChanges = z.infer<typeof releaseChangesSchema>;
export type ReleaseGrant = z.infer<typeof releaseGrantSchema>;

/** One version's load failures since it was last activated (or started as a canary), counted per period. */
export const versionLoadErrorsSchema = z.strictObject({
  version: z.string(),
  /** When this version was last activated for everyone or as a canary. */
  since: z.iso.datetime(),
  /** Failures reported since then, in all. */
  errors: z.number().int().nonnegative(),
  /** Failures per period (`bucket`), oldest first; periods without failures are left out. */
  points: z.array(z.strictObject({ at: z.iso.datetime(), errors: z.number().int().nonnegative() })),
});

/** Body of GET /api/remotes/releases/:remote/load-errors: the chart of load failures per version. */
export const remoteLoadErrorChartSchema = z.strictObject({
  remote: remoteNameSchema,
  /** The period each point counts: an hour while the oldest version shown is under two days in effect, else a day. */
  bucket: z.enum(['hour', 'day']),
  /** The versions last activated, newest activation first (at most five). */
  versions: z.array(versionLoadErrorsSchema),
});
export type VersionLoadErrors = z.infer<typeof versionLoadErrorsSchema>;
export type RemoteLoadErrorChart = z.infer<typeof remoteLoadErrorChartSchema>;
