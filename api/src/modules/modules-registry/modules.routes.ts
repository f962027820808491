import { type ModuleRegistry, moduleRegistrySchema } from '@annie/api-client/contracts/modules';
import Router from '@koa/router';
import type { RemoteConfig } from '../../config/env.ts';
import { routeDoc } from '../../openapi/route-doc.ts';
import type { AppState } from '../auth/auth-context.ts';

/**
 * GET /api/modules: where each remote's entry lives, from configuration. Redeploying a remote means
 * changing its entry here; the shell is not rebuilt.
 */
export function modulesRoutes(remotes: RemoteConfig[], options: { sandbox: boolean }): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const registry: ModuleRegistry = {
    remotes: remotes.map(({ name, entry, version }) => ({ name, entry, version })),
    sandbox: options.sandbox,
  };
  router.get(
    '/modules',
    routeDoc({
      summary:
        "Where each remote's entry lives (the shell loads the remotes from here), and whether this is a sandbox",
      access: 'anonymous',
      responses: { 200: { description: 'The remotes', schema: moduleRegistrySchema } },
    }),
    (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = registry;
    },
  );
  return router;
}
