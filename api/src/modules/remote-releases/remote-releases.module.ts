import * as remoteReleasesRoutes from '@annie/contracts/remote-releases-routes';
import Router from '@koa/router';
import type { ApiModule } from '../../api-module.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';
import { buildDirs, REPO_ROOT } from '../../runtime.ts';
import { approvalHandlers } from './approval.routes.ts';
import { deployHandlers } from './deploy.routes.ts';
import { hostSharedVersions, hostSurfaces } from './host-shared.ts';
import { loadErrorRetention } from './load-error-retention.queries.ts';
import { Migration20261126140000_remote_releases } from './migrations/Migration20261126140000_remote_releases.ts';
import { Migration20261127080000_release_policy_and_tokens } from './migrations/Migration20261127080000_release_policy_and_tokens.ts';
import { Migration20261129020000_release_approval } from './migrations/Migration20261129020000_release_approval.ts';
import { describeOperatorTenant, operatorTenantOf } from './operator-access.ts';
import type { PublishHost } from './release.service.ts';
import { releasesHandlers } from './releases.routes.ts';

/** What a build is checked against at publish: the singletons the shell serves. */
export function publishHostOf(config: Parameters<typeof buildDirs>[0]): PublishHost {
  return {
    shared: hostSharedVersions(buildDirs(config).shellDir, `${REPO_ROOT}/shell`),
    surfaces: hostSurfaces(buildDirs(config).shellDir),
  };
}

/**
 * The remotes' release registry: published versions, the active one and canary per remote, the audit
 * log and load failures (`GET /api/remotes` answers from it), kept in memory by every instance and
 * reloaded when PostgreSQL announces a change. Its HTTP paths are `/api/remotes…`; the older
 * `/api/modules…` answer the same for one release, deprecated (http/path-aliases.ts), for shells already
 * loaded and teams' CI scripts of an older checkout.
 */
export const remoteReleasesModule: ApiModule = {
  name: 'remote-releases',
  entities: [],
  retention: loadErrorRetention,
  migrations: [
    { name: 'Migration20261126140000_remote_releases', class: Migration20261126140000_remote_releases },
    {
      name: 'Migration20261127080000_release_policy_and_tokens',
      class: Migration20261127080000_release_policy_and_tokens,
    },
    { name: 'Migration20261129020000_release_approval', class: Migration20261129020000_release_approval },
  ],
  create: ({ config, pool, remotes, live, logger }) => ({
    routers: [
      defineRoutes(new Router<AppState>(), remoteReleasesRoutes, {
        ...releasesHandlers({ pool, config, registry: remotes, host: () => publishHostOf(config) }),
        ...deployHandlers({ pool, config, host: () => publishHostOf(config) }),
        ...approvalHandlers({ pool, config }),
      }),
    ],
    start: async () => {
      // Said at every start: which tenant's administrators can change what every tenant runs.
      await operatorTenantOf(pool, config);
      logger.info(await describeOperatorTenant(pool, config));
      const unlisten = await remotes.listen(live);
      return async () => unlisten();
    },
  }),
};
