import { resolve } from 'node:path';
import type { ApiModule } from '../../api-module.ts';
import { REPO_ROOT } from '../../runtime.ts';
import { backupSchedule } from './backup-schedule.ts';
import { runScheduledBackup } from './scheduled-backup.ts';

/**
 * Daily backups of the embedded database into DATA_DIR/backups, the newest BACKUP_KEEP kept
 * (BACKUP_KEEP=0 turns them off). With DATABASE_URL the database server's pgBackRest archives WAL and takes
 * the base backups (docs/deployment.md "Backups"); the doctor reads them from it (PGBACKREST_STANZA).
 */
export const backupsModule: ApiModule = {
  name: 'backups',
  entities: [],
  migrations: [],
  create: ({ config, logger }) => {
    if (config.DATABASE_URL || config.BACKUP_KEEP === 0) return { routers: [] };
    const dataDir = resolve(REPO_ROOT, config.DATA_DIR);
    return {
      routers: [],
      schedules: [
        backupSchedule({
          logger,
          backup: () =>
            runScheduledBackup(dataDir, config.BACKUP_KEEP, new Date(), {
              encryptionKey: config.BACKUP_ENCRYPTION_KEY,
              copyDir: config.BACKUP_COPY_DIR && resolve(REPO_ROOT, config.BACKUP_COPY_DIR),
            }),
        }),
      ],
    };
  },
};
