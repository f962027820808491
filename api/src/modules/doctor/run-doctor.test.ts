import { doctorReportSchema, type ProviderCheck } from '@annie/contracts/doctor';
import { VOICE_PROFILE_DEFAULTS } from '@annie/contracts/voice-profiles';
import { startAgtFake } from '@annie/fakes/agt-fake';
import { startGoogleFake } from '@annie/fakes/google-fake';
import { startOpenAIRealtimeWebRtcFake } from '@annie/fakes/openai-realtime-webrtc-fake';
import { startOpenAiTextFake } from '@annie/fakes/openai-text-fake';
import { startTwilioFake } from '@annie/fakes/twilio-fake';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../config/env.ts';
import { assignMessagingNumber } from '../sms/messaging-number.ts';
import { SMS_WEBHOOK_PATH, VOICE_WEBHOOK_PATH } from './check-twilio.ts';
import { DOCTOR_TIMEOUT_MS } from './doctor-check.ts';
import { formatDoctorReport, runDoctor } from './run-doctor.ts';

const NUMBER = '+14155550100';
const app = await startTestApp();
await app.createUser({ tenantId: 'doctor' });
await assignMessagingNumber(app.pool, 'doctor', NUMBER);
const text = await startOpenAiTextFake({ apiKey: 'sk-doctor' });
const realtime = await startOpenAIRealtimeWebRtcFake({ apiKey: 'sk-doctor' });
const twilio = await startTwilioFake({
  numbers: [
    {
      phoneNumber: NUMBER,
      voiceUrl: `${app.baseUrl}${VOICE_WEBHOOK_PATH}`,
      smsUrl: `${app.baseUrl}${SMS_WEBHOOK_PATH}`,
    },
  ],
});
const google = await startGoogleFake();
const agt = await startAgtFake({ apiKey: 'agt-doctor' });
afterAll(() => Promise.all([text.close(), realtime.close(), twilio.close(), google.close(), agt.close()]));

const GOOGLE_TOKEN_KEY = Buffer.alloc(32, 7).toString('base64');
const everything = {
  PUBLIC_URL: app.baseUrl,
  OPENAI_API_KEY: 'sk-doctor',
  OPENAI_TEXT_BASE_URL: text.url,
  OPENAI_REALTIME_CALLS_BASE_URL: realtime.baseURL,
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_API_BASE_URL: twilio.url,
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_TOKEN_KEY,
  GOOGLE_OAUTH_BASE_URL: google.url,
  GOOGLE_API_ROOT_URL: google.url,
  AGT_BASE_URL: agt.url,
  AGT_API_KEY: 'agt-doctor',
};
const doctor = (env: Record<string, string>) => runDoctor(loadConfig(env), app.pool);
const byProvider = (providers: ProviderCheck[]) =>
  Object.fromEntries(providers.map((provider) => [provider.provider, provider]));
const details = (provider: ProviderCheck | undefined) =>
  provider?.checks.map((check) => `${check.name}: ${check.detail}`).join(' | ');

describe('the doctor', () => {
  it('says every provider is not configured on a machine with nothing set, and is healthy', async () => {
    const report = doctorReportSchema.parse(await runDoctor(loadConfig({})));
    expect(report.providers.map((provider) => [provider.provider, provider.state])).toEqual([
      ['openai', 'not_configured'],
      ['twilio', 'not_configured'],
      ['google', 'not_configured'],
      ['chemistry', 'not_configured'],
      ['public_url', 'not_configured'],
    ]);
    expect(report.healthy).toBe(true);
    expect(formatDoctorReport(report).at(-1)).toBe('No provider is configured.');
  });

  it('finds every configured provider answering against the fakes: key, models, numbers, webhooks', async () => {
    const report = doctorReportSchema.parse(await doctor(everything));
    const providers = byProvider(report.providers);
    expect(report.providers.map((provider) => [provider.provider, provider.state])).toEqual([
      ['openai', 'answering'],
      ['twilio', 'answering'],
      ['google', 'answering'],
      ['chemistry', 'answering'],
      ['public_url', 'answering'],
    ]);
    expect(providers.openai?.checks.map((check) => check.name)).toEqual([
      'OPENAI_REALTIME_MODEL gpt-realtime-2.1',
      'transcription gpt-transcribe',
      'OPENAI_TEXT_MODEL gpt-6-luna',
    ]);
    expect(details(providers.twilio)).toContain(
      `tenant doctor ${NUMBER}: owned; voice and messaging webhooks`,
    );
    expect(report.healthy).toBe(true);
    // Nothing secret in the report.
    expect(JSON.stringify(report)).not.toMatch(
      /sk-doctor|agt-doctor|fake-twilio-auth-token|fake-client-secret/,
    );
  });

  it('reports each provider refusing the credentials with its own error, and is not healthy', async () => {
    const report = await doctor({
      ...everything,
      OPENAI_API_KEY: 'sk-wrong',
      TWILIO_AUTH_TOKEN: 'wrong-token',
      GOOGLE_CLIENT_SECRET: 'wrong-secret',
      AGT_API_KEY: 'agt-wrong',
    });
    const providers = byProvider(report.providers);
    expect(providers.openai?.state).toBe('failing');
    expect(details(providers.openai)).toContain('401 Incorrect API key provided');
    expect(details(providers.twilio)).toBe('credentials: 401 Authenticate (code 20003)');
    expect(details(providers.google)).toContain('Google answered invalid_client');
    expect(details(providers.chemistry)).toContain('Invalid API key');
    expect(
      report.providers.filter((provider) => provider.state === 'failing').map((p) => p.provider),
    ).toEqual(['openai', 'twilio', 'google', 'chemistry']);
    expect(report.healthy).toBe(false);
  });

  it('names a model OpenAI does not serve, a number the account lacks and a webhook pointing elsewhere', async () => {
    const [owned] = twilio.numbers;
    if (!owned) throw new Error('the fake owns the number');
    owned.smsUrl = 'https://old-host.example/sms';
    try {
      const report = await doctor({
        ...everything,
        OPENAI_REALTIME_MODEL: 'gpt-4o-realtime-preview-2024-12-17',
      });
      const providers = byProvider(report.providers);
      expect(details(providers.openai)).toContain(
        '404 The model `gpt-4o-realtime-preview-2024-12-17` does not exist or you do not have access to it. (code model_not_found); gpt-4o-realtime-preview-2024-12-17 was shut down by OpenAI on 2026-05-07; pick gpt-realtime-2.1 instead',
      );
      expect(details(providers.twilio)).toContain(
        `messaging webhook is https://old-host.example/sms, should be ${app.baseUrl}${SMS_WEBHOOK_PATH}`,
      );
      twilio.numbers.length = 0;
      const lacking = byProvider((await doctor(everything)).providers);
      expect(details(lacking.twilio)).toContain(`${NUMBER}: not a number of this Twilio account`);
    } finally {
      twilio.numbers.splice(0, twilio.numbers.length, {
        ...owned,
        smsUrl: `${app.baseUrl}${SMS_WEBHOOK_PATH}`,
      });
    }
  });

  it('says when a served model shuts down, from the date OpenAI gives on the model (and the dated table)', async () => {
    // The words depend on the day: the doctor is asked before those shutdowns, then after one. Only Date
    // is faked; the calls to the fakes keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
    try {
      const report = await doctor({ ...everything, OPENAI_TEXT_MODEL: 'gpt-5.1' });
      const openai = byProvider(report.providers).openai;
      expect(openai?.state).toBe('answering');
      // gpt-5.1 is not in the product's table: the date can only have come from OpenAI's answer.
      expect(details(openai)).toContain(
        'OPENAI_TEXT_MODEL gpt-5.1: served; gpt-5.1 shuts down on 2027-04-01',
      );
      const deprecated = await doctor({ ...everything, OPENAI_TEXT_MODEL: 'gpt-4o' });
      expect(details(byProvider(deprecated.providers).openai)).toContain(
        'OPENAI_TEXT_MODEL gpt-4o: served; gpt-4o shuts down on 2027-01-14; pick gpt-6-luna instead',
      );
      vi.setSystemTime(new Date('2027-04-02T12:00:00Z'));
      const overdue = await doctor({ ...everything, OPENAI_TEXT_MODEL: 'gpt-5.1' });
      expect(details(byProvider(overdue.providers).openai)).toContain(
        'OPENAI_TEXT_MODEL gpt-5.1: served; gpt-5.1 was due to shut down on 2027-04-01',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks the models each GPT-Live profile chose, for its own tenant, naming one OpenAI does not serve', async () => {
    const settings = {
      ...VOICE_PROFILE_DEFAULTS,
      name: 'Front desk',
      engine: 'live',
      live: { ...VOICE_PROFILE_DEFAULTS.live, backendModel: 'gpt-9-nope' },
    };
    const { rows } = await app.pool.query<{ id: string }>(
      `insert into voice_profile (id, tenant_id, agent_id, name, context, settings)
       values (gen_random_uuid(), 'doctor', 'default-agent', 'Front desk', 'Default', $1::jsonb) returning id`,
      [JSON.stringify(settings)],
    );
    try {
      const openai = byProvider((await doctor(everything)).providers).openai;
      const live = openai?.checks.filter((check) => check.name.startsWith('profile'));
      expect(live?.map(({ name, ok, tenantId }) => ({ name, ok, tenantId }))).toEqual([
        { name: 'profile "Front desk" Live model gpt-live-1.1', ok: true, tenantId: 'doctor' },
        { name: 'profile "Front desk" backend model gpt-9-nope', ok: false, tenantId: 'doctor' },
      ]);
      expect(live?.[1]?.detail).toContain('model_not_found');
      expect(openai?.state).toBe('failing');
    } finally {
      await app.pool.query('delete from voice_profile where id = $1', [rows[0]?.id]);
    }
  });

  it('reports unreachable providers as failing, within its timeout', async () => {
    // Nothing listens on the discard port.
    const nowhere = 'http://127.0.0.1:9';
    const started = performance.now();
    const report = await doctor({
      ...everything,
      PUBLIC_URL: nowhere,
      OPENAI_TEXT_BASE_URL: `${nowhere}/v1`,
      OPENAI_REALTIME_CALLS_BASE_URL: `${nowhere}/v1`,
      TWILIO_API_BASE_URL: nowhere,
      GOOGLE_OAUTH_BASE_URL: nowhere,
      AGT_BASE_URL: nowhere,
    });
    expect(performance.now() - started).toBeLessThan(DOCTOR_TIMEOUT_MS);
    expect(report.providers.every((provider) => provider.state === 'failing')).toBe(true);
    const providers = byProvider(report.providers);
    expect(details(providers.openai)).toContain('Connection error');
    expect(details(providers.twilio)).toContain('ECONNREFUSED');
    expect(details(providers.public_url)).toContain('http://127.0.0.1:9');
  });
});
