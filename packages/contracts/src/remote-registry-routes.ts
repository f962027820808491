// What every signed-in page needs from the release registry, apart from the rest of its contracts (they
// stay off the first screen): where each remote lives for this caller, and the report of one that failed.
import { z } from 'zod';
import { remoteLoadErrorRequestSchema, remoteRegistryResponseSchema } from './remote-registry.ts';
import { route } from './route.ts';

export const readRemoteRegistry = route({
  method: 'get',
  path: '/api/remotes',
  summary:
    "Where each remote's entry lives for the caller (the shell loads the remotes from here), and whether this is a sandbox",
  description:
    'A signed-in user in a canary share gets the canary version (`canary: true`), the same one on every request.',
  access: 'anonymous',
  responses: { 200: { description: 'The remotes', schema: remoteRegistryResponseSchema } },
});

export const reportRemoteLoadError = route({
  method: 'post',
  path: '/api/remotes/load-errors',
  summary: "Report that a remote's version failed to load in this browser",
  description:
    'Kept only when the registry served the caller that version. A newly activated version (or canary) that enough of the users served it (a minimum number and a share) fail to load within minutes is rolled back by itself, unless automatic rollback is off for the remote.',
  access: 'signed-in',
  body: remoteLoadErrorRequestSchema,
  responses: {
    202: {
      description: 'Recorded',
      schema: z.object({ recorded: z.boolean(), rolledBack: z.string().optional() }),
    },
  },
  errors: { 429: 'Too many reports from this user' },
});
