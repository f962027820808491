// The doctor's route: what `npm run annie -- doctor` finds, cached, for a tenant's admins.
import { doctorQuerySchema, doctorReportSchema } from './doctor.ts';
import { route } from './route.ts';

/** Forced re-checks each tenant may ask for per window: a run asks every provider, once per tenant number. */
export const DOCTOR_REFRESHES = { points: 3, windowSeconds: 10 * 60 };

export const getDoctorReport = route({
  method: 'get',
  path: '/api/admin/doctor',
  summary: 'Each provider: not configured, answering, or failing with its own error (cached five minutes)',
  description:
    'No secrets: keys and tokens are never part of it. Checks of a tenant’s own setup (its Twilio number) are shown to that tenant only.',
  access: 'admin',
  query: doctorQuerySchema,
  responses: { 200: { description: 'The report', schema: doctorReportSchema } },
  errors: {
    429: `refresh=true asked for more than ${DOCTOR_REFRESHES.points} times in ${DOCTOR_REFRESHES.windowSeconds / 60} minutes by this tenant; Retry-After says when`,
  },
});
