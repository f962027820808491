import type { FeatureModule } from '../feature-module.ts';

/** Lab console jobs and the chemistry provider proxy (filled by the lab issue). */
export const labModule: FeatureModule = {
  name: 'lab',
  entities: [],
  migrations: [],
  routes: () => [],
};
