// Backups: the embedded database backed up daily, once across instances, and what the last one was.
export { backupsDomain } from './backups.domain.ts';
export { type BackupStatus, backupStatus } from './scheduled-backup.ts';
