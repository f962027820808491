import type { ModuleRegistry } from '@annie/api-client/contracts/modules';
import Router from '@koa/router';
import type { RemoteConfig } from '../../config/env.ts';
import type { AppState } from '../auth/auth-context.ts';

/**
 * GET /api/modules: where each remote's entry lives, from configuration. Redeploying a remote means
 * changing its entry here; the shell is not rebuilt.
 */
export function modulesRoutes(remotes: RemoteConfig[]): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  const registry: ModuleRegistry = {
    remotes: remotes.map(({ name, entry, version }) => ({ name, entry, version })),
  };
  router.get('/modules', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = registry;
  });
  return router;
}
