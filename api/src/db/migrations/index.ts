import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_platform } from './Migration20261122000000_platform.ts';

/** Committed migrations in order; applied at start. A new migration is appended here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000_platform', class: Migration20261122000000_platform },
];
