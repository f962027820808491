// Health: /healthz (the process is up) and /readyz (the database answers, the instance is not draining).
export { healthRoutes } from './health.routes.ts';
