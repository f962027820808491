import { startTwilioFake } from '@annie/fakes/twilio-fake';
import { afterAll, expect, it } from 'vitest';
// The API processes are stopped by api-process's own afterAll.
import { type ApiProcess, startApiProcess } from '../../../../test/api-process.ts';
import { TestClient } from '../../../../test/test-client.ts';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { BUSINESS_NUMBER, PUBLIC_URL } from './testing/phone-test-harness.ts';

// Two API processes on one PostgreSQL: the duplicate-call guard is the database's, not a process's.
const database = await createTestDatabase();
// The fake's callbacks and stream go to a closed port: the first call stays in progress (nothing ends
// it) while the second request arrives.
const twilio = await startTwilioFake({ appUrl: 'http://127.0.0.1:1' });
const PASSWORD = 'phone-instances-admin';
const env = {
  DATABASE_URL: database.url,
  SESSION_SECRET: 'phone-instances-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: PASSWORD,
  PUBLIC_URL,
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_PHONE_NUMBER: BUSINESS_NUMBER,
  TWILIO_API_BASE_URL: twilio.url,
  // Never dialled: no media stream reaches the app.
  OPENAI_API_KEY: 'sk-unused',
  OPENAI_BASE_URL: 'https://127.0.0.1:1/v1',
};
const apis = (await Promise.all([
  startApiProcess(['api/src/main.ts'], env),
  startApiProcess(['api/src/main.ts'], env),
])) as [ApiProcess, ApiProcess];
afterAll(async () => {
  await twilio.close();
  await database.drop();
});

async function signedInOn(api: ApiProcess): Promise<TestClient> {
  const client = new TestClient(api.baseUrl);
  const response = await client.post('/api/login', { username: 'admin', password: PASSWORD });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return client;
}

it('lets one call through when two instances are asked to call the same number at once', async () => {
  const [one, two] = await Promise.all(apis.map(signedInOn));
  const number = '+14155556001';
  const answers = await Promise.all(
    [one, two].map((client) => client?.post('/api/annie/call/start', { to: number, message: 'Once' })),
  );
  expect(answers.map((answer) => answer?.status).sort()).toEqual([201, 409]);
  expect(answers.find((answer) => answer?.status === 409)?.body).toMatchObject({ duplicate: true });
  expect(twilio.calls.calls.filter((call) => call.to === number)).toHaveLength(1);
});
