import type { Domain } from '../../domain.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Product settings the client reads (no entities: they come from the configuration). */
export const settingsDomain: Domain = {
  name: 'settings',
  entities: [],
  migrations: [],
  create: ({ config }) => ({ routers: [settingsRoutes(config)] }),
};
