// The release registry: where each remote's entry lives for a caller, the releases the operator's
// administrators publish, activate and roll back, deploy tokens, and what a token may do for its remote.
// Served under `/api/remotes`; the older `/api/modules…` spelling answers the same for one release,
// deprecated (api/src/http/path-aliases.ts).
import { z } from 'zod';
import {
  activateReleaseRequestSchema,
  approveReleaseRequestSchema,
  autoRollbackRequestSchema,
  confirmPasswordRequestSchema,
  createDeployTokenRequestSchema,
  createdDeployTokenSchema,
  deployTokensSchema,
  deployUploadFormSchema,
  publishUrlReleaseRequestSchema,
  releaseChangesSchema,
  releaseGrantSchema,
  releaseVersionSchema,
  remoteLoadErrorChartSchema,
  remoteReleasesSchema,
  tokenApprovesRequestSchema,
} from './remote-releases.ts';
import { REMOTE_NAMES } from './remotes.ts';
import { route } from './route.ts';

export { readRemoteRegistry, reportRemoteLoadError } from './remote-registry-routes.ts';

/** A remote named in a path: one of the shell's remotes, else 404. */
export const remoteParams = { remote: z.enum(REMOTE_NAMES) };

const releasesQuerySchema = z.object({ remote: z.enum(REMOTE_NAMES).optional() });

const TOKEN_NOTE =
  'Authenticated by a deploy token of this remote (`Authorization: Bearer annie_deploy_…`), not a session.';

export const listRemoteReleases = route({
  method: 'get',
  path: '/api/remotes/releases',
  summary: "Every remote's releases, active version, canary, load failures and the audit log",
  access: 'admin',
  query: releasesQuerySchema,
  responses: { 200: { description: 'The releases', schema: remoteReleasesSchema } },
});

export const readRemoteLoadErrors = route({
  method: 'get',
  path: '/api/remotes/releases/:remote/load-errors',
  summary:
    "Load failures browsers reported per version of one remote, since each version's activation, per hour or day",
  access: 'admin',
  params: remoteParams,
  responses: { 200: { description: 'The failures per version', schema: remoteLoadErrorChartSchema } },
});

export const publishUrlRelease = route({
  method: 'post',
  path: '/api/remotes/releases',
  summary:
    'Register a build hosted elsewhere (its mf-manifest.json URL) as a new version; does not activate it',
  access: 'admin',
  body: publishUrlReleaseRequestSchema,
  responses: { 201: { description: 'Published', schema: remoteReleasesSchema } },
  errors: {
    409: 'That version is already published',
    422: 'The build does not fit the shell (each reason named)',
  },
});

export const activateRemoteRelease = route({
  method: 'post',
  path: '/api/remotes/releases/:remote/activate',
  summary: 'Activate a published version for everyone, or as a canary for a share of users',
  access: 'admin',
  params: remoteParams,
  body: activateReleaseRequestSchema,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
  errors: { 409: 'That version is already active' },
});

export const rollbackRemoteRelease = route({
  method: 'post',
  path: '/api/remotes/releases/:remote/rollback',
  summary: 'End the canary, or else return to the version active before this one',
  access: 'admin',
  params: remoteParams,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
  errors: { 409: 'No release is active' },
});

export const setRemoteAutoRollback = route({
  method: 'post',
  path: '/api/remotes/releases/:remote/auto-rollback',
  summary: 'Turn automatic rollback on or off for one remote',
  access: 'admin',
  params: remoteParams,
  body: autoRollbackRequestSchema,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
});

const GRANT_NOTE =
  'Needs the `X-Release-Grant` a fresh password confirmation gave this session (POST /api/remotes/releases/confirm-password), sent by the Remote releases page.';

export const confirmReleasesPassword = route({
  method: 'post',
  path: '/api/remotes/releases/confirm-password',
  summary:
    "Confirm the administrator's password: a grant to approve releases and issue tokens for a few minutes",
  access: 'admin',
  body: confirmPasswordRequestSchema,
  responses: { 200: { description: 'The grant, for this page only', schema: releaseGrantSchema } },
  errors: { 403: 'Wrong password', 429: 'Too many attempts' },
});

export const readReleaseChanges = route({
  method: 'get',
  path: '/api/remotes/releases/:remote/versions/:version/changes',
  summary:
    'What a version changes against the active one: files added, removed, changed (sizes), shared singletons',
  access: 'admin',
  params: { ...remoteParams, version: releaseVersionSchema },
  notFound: 'No such release',
  responses: { 200: { description: 'The changes', schema: releaseChangesSchema } },
});

export const approveRemoteRelease = route({
  method: 'post',
  path: '/api/remotes/releases/:remote/approve',
  summary: "Approve a version a deploy token published: from now on it may reach every tenant's users",
  description: GRANT_NOTE,
  access: 'admin',
  params: remoteParams,
  body: approveReleaseRequestSchema,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
  errors: { 409: 'Already approved' },
});

export const setTokenApproves = route({
  method: 'post',
  path: '/api/remotes/releases/:remote/token-approves',
  summary: "Let this remote's deploy tokens approve their own versions (off by default)",
  description: GRANT_NOTE,
  access: 'admin',
  params: remoteParams,
  body: tokenApprovesRequestSchema,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
});

export const listDeployTokens = route({
  method: 'get',
  path: '/api/remotes/tokens',
  summary: 'Every deploy token (never its secret): its remote, expiry, last use, revocation',
  access: 'admin',
  responses: { 200: { description: 'The tokens', schema: deployTokensSchema } },
});

export const createDeployToken = route({
  method: 'post',
  path: '/api/remotes/tokens',
  summary: 'Create a deploy token for one remote; its secret is in this answer only',
  description: GRANT_NOTE,
  access: 'admin',
  body: createDeployTokenRequestSchema,
  responses: { 201: { description: 'Created', schema: createdDeployTokenSchema } },
});

export const revokeDeployToken = route({
  method: 'post',
  path: '/api/remotes/tokens/:id/revoke',
  summary: 'Revoke a deploy token: refused from the next request on, on every instance',
  access: 'admin',
  params: { id: z.uuid() },
  notFound: 'No such deploy token',
  responses: { 204: { description: 'Revoked (or already revoked)' } },
});

export const uploadDeployRelease = route({
  method: 'post',
  path: '/api/remotes/deploy/:remote/releases',
  summary:
    "Publish a build of the token's remote (multipart: `version` and one part per file, named by its path)",
  description: `${TOKEN_NOTE} Checked like remote:publish; the same content again is a no-op (200), other content for a published version a 409. Does not activate. A token's version reaches the operator's tenant only until an operator administrator approves it.`,
  access: 'anonymous',
  credential: 'deploy-token',
  multipartBody: deployUploadFormSchema,
  params: remoteParams,
  responses: {
    200: { description: 'Already published with this content', schema: remoteReleasesSchema },
    201: { description: 'Published', schema: remoteReleasesSchema },
  },
  errors: {
    401: 'No deploy token, or an unknown, expired or revoked one',
    403: 'A token of another remote',
    409: 'That version is published with other content',
    413: 'Too large or too many files',
    415: 'Not multipart/form-data',
    422: 'The build does not fit the shell (each reason named)',
  },
});

export const deployActivate = route({
  method: 'post',
  path: '/api/remotes/deploy/:remote/activate',
  summary: "Activate a published version of the token's remote, for everyone or as a canary (`percent` 1–99)",
  description: TOKEN_NOTE,
  access: 'anonymous',
  credential: 'deploy-token',
  params: remoteParams,
  body: activateReleaseRequestSchema,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
  errors: { 404: 'That version is not published', 409: 'That version is already active' },
});

export const deployPromote = route({
  method: 'post',
  path: '/api/remotes/deploy/:remote/promote',
  summary: "Promote the token's remote's canary to everyone",
  description: TOKEN_NOTE,
  access: 'anonymous',
  credential: 'deploy-token',
  params: remoteParams,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
  errors: {
    403: "The canary waits for an operator administrator's approval (named in the message)",
    409: 'No canary to promote',
  },
});

export const deployRollback = route({
  method: 'post',
  path: '/api/remotes/deploy/:remote/rollback',
  summary: "End the token's remote's canary, or else return to the version active before",
  description: TOKEN_NOTE,
  access: 'anonymous',
  credential: 'deploy-token',
  params: remoteParams,
  responses: { 200: { description: 'The remote now', schema: remoteReleasesSchema } },
});
