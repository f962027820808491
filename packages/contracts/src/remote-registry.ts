import { z } from 'zod';
import { REMOTE_NAMES } from './remotes.ts';

/** The remotes the shell knows how to mount. */
export const remoteNameSchema = z.enum(REMOTE_NAMES);

/** One remote: its name, the URL of its mf-manifest.json and its build version. */
export const remoteEntrySchema = z.strictObject({
  name: remoteNameSchema,
  entry: z.string().min(1),
  version: z.string().min(1),
  /** True when this user is in the remote's canary share (sticky per user). */
  canary: z.boolean().optional(),
});

/** Body of GET /api/remotes. */
export const remoteRegistryResponseSchema = z.strictObject({
  remotes: z.array(remoteEntrySchema),
  /** True only when the operator started a sandbox (every provider simulated); the shell shows a badge. */
  sandbox: z.boolean().optional(),
  /** True when the caller is an administrator of the operator's tenant: the Remote releases screen (menu Modules) answers them. */
  manageReleases: z.boolean().optional(),
});

/** Body of the load-error report: the shell could not load a remote's version. */
export const remoteLoadErrorRequestSchema = z.strictObject({
  remote: remoteNameSchema,
  version: z.string().min(1).max(64),
  message: z.string().max(500).default(''),
});

export type { RemoteName } from './remotes.ts';
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
export type RemoteRegistryResponse = z.infer<typeof remoteRegistryResponseSchema>;
export type RemoteLoadErrorRequest = z.input<typeof remoteLoadErrorRequestSchema>;
