// Lab: the lab console's jobs and the chemistry provider proxy; the sandbox queues a job.
export { labModule } from './lab.module.ts';
export { sendLabJob } from './lab-queue.ts';
