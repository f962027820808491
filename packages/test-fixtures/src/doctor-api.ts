import type { DoctorReport } from '@annie/contracts/doctor';
import type { StubRoutes } from './fetch-stub.ts';

/** A report with OpenAI answering, Twilio failing on its webhook and the rest not configured (tests only). */
export const DOCTOR_REPORT: DoctorReport = {
  checkedAt: '2026-11-26T09:00:00.000Z',
  healthy: false,
  providers: [
    {
      provider: 'openai',
      label: 'OpenAI',
      state: 'answering',
      checks: [{ name: 'OPENAI_REALTIME_MODEL gpt-realtime-2.1', ok: true, detail: 'served' }],
    },
    {
      provider: 'twilio',
      label: 'Twilio',
      state: 'failing',
      checks: [
        { name: 'credentials', ok: true, detail: 'accepted for account AC…0000' },
        {
          name: 'tenant default +14155550100',
          ok: false,
          detail:
            'messaging webhook is https://old.example/sms, should be https://annie.example/api/sms/webhooks/inbound',
        },
      ],
    },
    {
      provider: 'google',
      label: 'Google Workspace',
      state: 'not_configured',
      checks: [
        { name: 'settings', ok: true, detail: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set' },
      ],
    },
  ],
};

/** GET /api/admin/doctor answering `report`; a refresh answers `refreshed` (tests only). */
export function doctorRoutes(
  report: DoctorReport = DOCTOR_REPORT,
  refreshed: DoctorReport = report,
): StubRoutes {
  return {
    'GET /api/admin/doctor': ({ query }) => ({
      status: 200,
      body: query.get('refresh') === 'true' ? refreshed : report,
    }),
  };
}
