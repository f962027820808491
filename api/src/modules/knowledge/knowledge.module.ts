import type { FeatureModule } from '../feature-module.ts';

/** Knowledge base: facts and notes (filled by the knowledge issue). */
export const knowledgeModule: FeatureModule = {
  name: 'knowledge',
  entities: [],
  migrations: [],
  routes: () => [],
};
