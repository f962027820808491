// Data lifecycle: runs the retention rules every domain declares (`Domain.retention`), on a schedule.
export { retentionSchedule } from './retention-schedule.ts';
