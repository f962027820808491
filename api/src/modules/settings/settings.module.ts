import type { FeatureModule } from '../feature-module.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Product settings the client reads (no entities: they come from the configuration). */
export const settingsModule: FeatureModule = {
  name: 'settings',
  entities: [],
  migrations: [],
  routes: ({ config }) => [settingsRoutes(config)],
};
