import { doctorQuerySchema, doctorReportSchema } from '@annie/api-client/contracts/doctor';
import Router from '@koa/router';
import type { AppState } from '../../http/app-state.ts';
import { defineRoute } from '../../http/define-route.ts';
import { type DoctorCache, reportForTenant } from './doctor-cache.ts';

/** GET /api/admin/doctor: what `npm run annie -- doctor` finds, cached, for the tenant's admins. */
export function doctorRoutes(cache: DoctorCache): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api/admin' });

  defineRoute(
    router,
    {
      method: 'get',
      path: '/doctor',
      summary:
        'Each provider: not configured, answering, or failing with its own error (cached five minutes)',
      description:
        'No secrets: keys and tokens are never part of it. Checks of a tenant’s own setup (its Twilio number) are shown to that tenant only.',
      access: 'admin',
      query: doctorQuerySchema,
      responses: { 200: { description: 'The report', schema: doctorReportSchema } },
    },
    async (ctx, { query, auth }) => {
      ctx.body = reportForTenant(await cache.get(query.refresh), auth.tenantId);
    },
  );

  return router;
}
