import type { MigrationObject } from '@mikro-orm/core';
import { featureModules } from '../../modules/feature-modules.ts';
import { Migration20261122000000_platform } from './Migration20261122000000_platform.ts';
import { Migration20261122030000_account_deletion } from './Migration20261122030000_account_deletion.ts';

const platformMigrations: MigrationObject[] = [
  { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
  { name: 'Migration20261122030000_account_deletion', class: Migration20261122030000_account_deletion },
];

/**
 * Committed migrations, applied at start in the order of their timestamped names. The platform's live
 * here; each feature module lists its own (in `modules/<domain>/migrations/`).
 */
export const migrationsList: MigrationObject[] = [
  ...platformMigrations,
  ...featureModules.flatMap((module) => module.migrations),
].sort((a, b) => a.name.localeCompare(b.name));
