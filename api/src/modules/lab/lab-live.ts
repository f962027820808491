import { LAB_JOB_EVENT, labJobEventSchema } from '@annie/contracts/lab';
import { defineLiveChannel } from '../../live/live-channel.ts';

/** A job's new status: notified by the lab_job trigger (see the lab jobs migration) on every insert and status change. */
export const labJobChannel = defineLiveChannel({
  name: 'lab_job_status',
  event: LAB_JOB_EVENT,
  payload: labJobEventSchema,
});
