import { z } from 'zod';

/** The remotes the shell knows how to mount. */
export const remoteNameSchema = z.enum(['voice', 'messaging', 'lab', 'knowledge', 'workspace']);

/** One remote: its name, the URL of its mf-manifest.json and its build version. */
export const remoteEntrySchema = z.object({
  name: remoteNameSchema,
  entry: z.string(),
  version: z.string(),
});

/** Body of GET /api/modules. */
export const moduleRegistrySchema = z.object({
  remotes: z.array(remoteEntrySchema),
});

export type RemoteName = z.infer<typeof remoteNameSchema>;
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;
export type ModuleRegistry = z.infer<typeof moduleRegistrySchema>;
