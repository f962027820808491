// Health: /healthz (the process is up) and /readyz (the database answers).
export { healthRoutes } from './health.routes.ts';
