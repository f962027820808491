// Backups: the embedded database backed up daily, once across instances; with DATABASE_URL, what pgBackRest holds.
export { backupsModule } from './backups.module.ts';
export { pgBackRestInfo } from './pgbackrest-info.ts';
export { backupStatus } from './scheduled-backup.ts';
