// Backups: the embedded database backed up daily, once across instances; with DATABASE_URL, what pgBackRest holds.
export { backupsModule } from './backups.module.ts';
export { type PgBackRestStanza, pgBackRestInfo } from './pgbackrest-info.ts';
export { type BackupStatus, backupStatus } from './scheduled-backup.ts';
