// Data lifecycle: runs the retention rules every module declares (`ApiModule.retention`), on a schedule.
export { retentionSchedule } from './retention-schedule.ts';
