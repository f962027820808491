import type { ApiModule } from '../../api-module.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Product settings the client reads (no entities: they come from the configuration). */
export const settingsModule: ApiModule = {
  name: 'settings',
  entities: [],
  migrations: [],
  create: ({ config }) => ({ routers: [settingsRoutes(config)] }),
};
