// Data lifecycle: the retention rules, run on a schedule, and the grace period of a deleted account.
export { ACCOUNT_GRACE_DAYS } from './retention.ts';
export { startRetentionSchedule } from './retention-schedule.ts';
