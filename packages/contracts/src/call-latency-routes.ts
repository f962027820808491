// Response latency per day over the tenant's measured calls (the call sessions' figures), for its admins.
import { route } from './route.ts';
import { engineComparisonQuerySchema, latencyByDaySchema } from './usage.ts';

export const getLatencyByDay = route({
  method: 'get',
  path: '/api/call-sessions/latency-by-day',
  summary: "Response latency per day over the tenant's measured calls: median and 95th percentile",
  description:
    'Calls started between `from` and `to` (UTC dates, inclusive; default this month) whose figures the server measured; one entry per day with calls, oldest first, latencies in milliseconds.',
  access: 'admin',
  query: engineComparisonQuerySchema,
  responses: { 200: { description: 'Latency per day', schema: latencyByDaySchema } },
});
