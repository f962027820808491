// Lab: the lab console's jobs and the chemistry provider proxy; the sandbox queues a job.
export { labDomain } from './lab.domain.ts';
export { sendLabJob } from './lab-queue.ts';
