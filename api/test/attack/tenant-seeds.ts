import { LAB_JOB_SAMPLES } from '@annie/contracts/lab';
import { FAKE_GOOGLE_ACCOUNT } from '@annie/fakes/google-fake-data';
import { expect, vi } from 'vitest';
import { assignMessagingNumber } from '../../src/modules/sms/messaging-number.ts';
import { checkPhonePasscode } from '../../src/modules/trust/index.ts';
import { VOICE_WEBHOOK_PATH } from '../../src/modules/voice/phone-calls/index.ts';
import type { TestClient, TestResponse } from '../test-client.ts';
import { type AttackWorld, NUMBER_OF_A, PUBLIC_URL } from './attack-world.ts';

/** What seeding one module gave tenant A: named values (ids, keys, numbers) the attacks aim at. */
export type Seeded = Record<string, string>;

/**
 * One module's data for tenant A, made the way the product makes it (its routes, signed provider webhooks,
 * the fakes' OAuth and calls). `perUser` values belong to tenant A's admin alone: tenant A's other user
 * must not reach them either. A new module is one more entry here (and in ROUTE_VALUES when it adds
 * routes with ids); the walk refuses to start while any tenant-owned table has no row of tenant A.
 */
export type ModuleSeed = {
  module: string;
  perUser?: string[];
  seed: (world: AttackWorld) => Promise<Seeded>;
};

const ALICE = '+14155552671';
const BOB_PHONE = '+14155552672';
/** Calls tenant A's number: in no contact, not anyone's own number. */
const STRANGER = '+14155552680';
/** Tenant A's admin's own mobile, registered for the phone passcode: nobody else's to see. */
const OWN_NUMBER_OF_A = '+14155552690';
const SECOND_GOOGLE_ACCOUNT = {
  ...FAKE_GOOGLE_ACCOUNT,
  sub: '108000000000000000077',
  email: 'member.a@example.com',
  name: 'Member of A',
};
const waitFor = <T>(check: () => Promise<T>) => vi.waitFor(check, { timeout: 20_000, interval: 50 });

function created(response: TestResponse, what: string): Record<string, string> {
  expect(response.status, `${what}: ${response.text}`).toBeLessThan(300);
  return response.body;
}

async function one(world: AttackWorld, sql: string, values: unknown[] = []): Promise<string> {
  const { rows } = await world.app.pool.query<{ value: string }>(sql, values);
  if (!rows[0]) throw new Error(`nothing seeded for: ${sql}`);
  return String(rows[0].value);
}

async function connectGoogle(world: AttackWorld, client: TestClient) {
  const { body } = await client.get('/api/google/auth');
  const back = new URL(await world.fakes.google.consent(body.authUrl));
  const callback = await client.get(`${back.pathname}${back.search}`);
  expect(callback.headers.get('location')).toBe('/google/success');
}

export const MODULE_SEEDS: ModuleSeed[] = [
  {
    module: 'tenant and its messaging number',
    async seed(world) {
      await assignMessagingNumber(world.app.pool, 'tenant-a', NUMBER_OF_A);
      return {};
    },
  },
  {
    module: 'contacts',
    async seed({ adminA }) {
      const contact = created(
        await adminA.post('/api/contacts', { name: 'Ada Lovelace', phonePrimary: ALICE, notes: 'secret' }),
        'contact',
      );
      return { contactId: contact.id ?? '' };
    },
  },
  {
    module: 'knowledge',
    async seed({ adminA }) {
      const note = created(
        await adminA.post('/api/knowledge/notes', { title: 'Board', body: 'Quarterly numbers' }),
        'note',
      );
      // What an auto-reply may tell a third party: shareable knowledge of the tenant.
      const shareable = created(
        await adminA.post('/api/knowledge/notes', { title: 'Hours', body: 'Open 9-5', shareable: true }),
        'shareable note',
      );
      expect(shareable).toMatchObject({ shareable: true });
      const fact = created(
        await adminA.post('/api/knowledge/facts', { key: 'door_code', value: '1234' }),
        'fact',
      );
      created(await adminA.patch(`/api/knowledge/facts/${fact.id}`, { value: '4321' }), 'fact version');
      return {
        noteId: note.id ?? '',
        shareableNoteId: shareable.id ?? '',
        factId: fact.id ?? '',
        factKey: 'door_code',
      };
    },
  },
  {
    module: 'voice profiles and a Voice Console test ticket',
    async seed({ adminA }) {
      const profile = created(
        await adminA.post('/api/voice/profiles', { name: 'Private', instructions: 'Secret instructions.' }),
        'profile',
      );
      created(await adminA.patch(`/api/voice/profiles/${profile.id}`, { name: 'Private v2' }), 'version');
      const ticket = created(await adminA.post(`/api/voice/profiles/${profile.id}/test`), 'test ticket');
      return { profileId: profile.id ?? '', profileVersion: '1', testSessionId: ticket.sessionId ?? '' };
    },
  },
  {
    module: 'conversations',
    perUser: ['conversationId'],
    async seed({ adminA }) {
      const conversation = created(
        await adminA.post('/api/voice/conversations', { title: 'Private' }),
        'conv',
      );
      const message = { role: 'user', content: 'Secret', timestamp: new Date().toISOString() };
      created(await adminA.post(`/api/voice/conversations/${conversation.id}/messages`, message), 'message');
      return { conversationId: conversation.id ?? '' };
    },
  },
  {
    module: 'web calls',
    perUser: ['callSessionId'],
    async seed({ adminA }) {
      return { callSessionId: created(await adminA.post('/api/calls/start'), 'web call').id ?? '' };
    },
  },
  {
    module: 'phone calls (through the Twilio fake, to the end)',
    perUser: ['phoneCallSessionId'],
    async seed(world) {
      const { twilio } = world.fakes;
      twilio.calls.callee = { audio: Buffer.alloc(0), frameIntervalMs: 0, hangUpAfterMs: 0 };
      created(await world.adminA.post('/api/annie/call/start', { to: BOB_PHONE, message: 'Hello' }), 'call');
      const call = twilio.calls.calls.find((each) => each.to === BOB_PHONE);
      await twilio.calls.ended(call?.sid ?? '');
      const id = await one(world, `select id as value from phone_call where tenant_id = 'tenant-a'`);
      await waitFor(async () =>
        expect(
          await one(world, 'select ended_at is not null as value from phone_call where id = $1', [id]),
        ).toBe('true'),
      );
      const sessionId = await one(world, 'select call_session_id as value from phone_call where id = $1', [
        id,
      ]);
      return { phoneCallId: id, phoneCallSessionId: sessionId };
    },
  },
  {
    module: "trust (A's admin's own number and passcode; a stranger's call leaves a message and a request)",
    perUser: ['pendingActionId', 'callMessageId', 'frontDeskCallSessionId', 'ownNumberA'],
    async seed(world) {
      const { twilio, openAiRealtime } = world.fakes;
      const access = {
        numbers: [OWN_NUMBER_OF_A],
        passcode: '482916',
        currentPassword: world.accountA.password,
      };
      created(await world.adminA.put('/api/me/phone-access', access), 'phone access');
      // The number counts once the code texted to it is entered; five wrong passcodes lock the check.
      const texted = twilio.sent.findLast((message) => message.to === OWN_NUMBER_OF_A)?.body ?? '';
      const confirm = { number: OWN_NUMBER_OF_A, code: /\b(\d{6})\b/.exec(texted)?.[1] ?? '' };
      created(await world.adminA.post('/api/me/phone-access/numbers/confirm', confirm), 'own number');
      const adminOfA = { tenantId: 'tenant-a', userId: world.accountA.user.id };
      for (const wrong of ['000001', '000002', '000003', '000004', '000005'])
        await checkPhonePasscode(world.app.pool, adminOfA, wrong, OWN_NUMBER_OF_A);
      // The stranger's call reaches the front desk; the model takes a message and asks for a text.
      const asks = { caller_name: 'Sam Stranger' };
      openAiRealtime.setScript({
        functionCalls: [
          { name: 'take_message', arguments: JSON.stringify({ ...asks, message: 'Call me back' }) },
          { name: 'request_text_to_caller', arguments: JSON.stringify({ ...asks, message: 'The brochure' }) },
        ],
      });
      twilio.calls.callee = { audio: Buffer.alloc(0), frameIntervalMs: 0 };
      try {
        const { sid } = await twilio.calls.placeInbound(
          { from: STRANGER, to: NUMBER_OF_A },
          {
            signedUrl: `${PUBLIC_URL}${VOICE_WEBHOOK_PATH}`,
            targetUrl: `${world.app.baseUrl}${VOICE_WEBHOOK_PATH}`,
          },
        );
        await waitFor(async () => {
          expect((await world.adminA.get('/api/pending-actions')).body.items).toHaveLength(1);
          expect((await world.adminA.get('/api/call-messages')).body).toHaveLength(1);
        });
        await twilio.calls.hangUp(sid);
        await twilio.calls.ended(sid);
      } finally {
        openAiRealtime.setScript({ functionCalls: undefined });
      }
      const action = (await world.adminA.get('/api/pending-actions')).body.items[0];
      const message = (await world.adminA.get('/api/call-messages')).body[0];
      expect(action).toMatchObject({
        status: 'pending',
        toE164: STRANGER,
        requestedBy: 'Sam Stranger',
        callSessionId: expect.any(String),
      });
      expect(message).toMatchObject({ callerE164: STRANGER, body: 'Call me back' });
      await waitFor(async () =>
        expect(
          await one(world, 'select ended_at is not null as value from phone_call where remote_e164 = $1', [
            STRANGER,
          ]),
        ).toBe('true'),
      );
      return {
        pendingActionId: action.id,
        callMessageId: message.id,
        frontDeskCallSessionId: action.callSessionId,
        ownNumberA: OWN_NUMBER_OF_A,
      };
    },
  },
  {
    module: "usage (the phone calls' figures and ledger lines, and the tenant's usage settings)",
    async seed(world) {
      const settings = { currency: 'EUR', usdRate: 0.9, monthlyBudget: 500, hardStop: false, prices: {} };
      created(await world.adminA.put('/api/usage/settings', settings), 'usage settings');
      // The calls above record their figures as they end: wait for them, so tenant A's rows hold still.
      await waitFor(async () =>
        expect(
          await one(world, `select count(*) as value from call_session_figures where tenant_id = 'tenant-a'`),
        ).toBe('2'),
      );
      return {};
    },
  },
  {
    module: 'SMS (a signed inbound text, its draft, and a sent text)',
    async seed(world) {
      const webhook = '/api/sms/webhooks/inbound';
      const reply = await world.fakes.twilio.sendInbound(
        { from: ALICE, to: NUMBER_OF_A, body: 'Are we still on for Friday?' },
        { signedUrl: `${PUBLIC_URL}${webhook}`, targetUrl: `${world.app.baseUrl}${webhook}` },
      );
      expect(reply.status).toBe(200);
      const threadId = await one(world, `select id as value from sms_thread where tenant_id = 'tenant-a'`);
      await waitFor(async () =>
        expect(
          await one(world, 'select count(*) as value from sms_draft where thread_id = $1', [threadId]),
        ).toBe('1'),
      );
      created(await world.adminA.post('/api/sms/send', { to: BOB_PHONE, body: 'See you Friday' }), 'sent');
      return { threadId, threadPhone: ALICE };
    },
  },
  {
    module: 'lab jobs (run by the worker against the chemistry fake)',
    async seed(world) {
      const job = created(
        await world.adminA.post('/api/lab/jobs', { type: 'formulate', payload: LAB_JOB_SAMPLES.formulate }),
        'lab job',
      );
      await waitFor(async () =>
        expect(['succeeded', 'failed']).toContain(
          (await world.adminA.get(`/api/lab/jobs/${job.id}`)).body.status,
        ),
      );
      return { labJobId: job.id ?? '' };
    },
  },
  {
    module: "Google connections (tenant A's admin and its other user, each their own account)",
    perUser: ['googleAccountId'],
    async seed(world) {
      world.fakes.google.setAccount(FAKE_GOOGLE_ACCOUNT);
      await connectGoogle(world, world.adminA);
      world.fakes.google.setAccount(SECOND_GOOGLE_ACCOUNT);
      await connectGoogle(world, world.memberA);
      world.fakes.google.setAccount(FAKE_GOOGLE_ACCOUNT);
      const accounts = (await world.adminA.get('/api/google/accounts')).body as { id: string }[];
      return { googleAccountId: accounts[0]?.id ?? '' };
    },
  },
];

/**
 * Which seeded value fills each path parameter, by route. A documented route with a path parameter
 * must be listed (or in ROUTES_WITHOUT_TENANT_DATA): the walk fails on one it cannot aim.
 */
export const ROUTE_VALUES: [RegExp, Record<string, string>][] = [
  [/^\/api\/knowledge\/facts\/\{key\}/, { key: 'factKey' }],
  [/^\/api\/knowledge\/facts\/\{id\}/, { id: 'factId' }],
  [/^\/api\/knowledge\/notes\/\{id\}/, { id: 'noteId' }],
  [/^\/api\/lab\/jobs\/\{id\}/, { id: 'labJobId' }],
  [/^\/api\/google\/accounts\/\{id\}/, { id: 'googleAccountId' }],
  [/^\/api\/voice\/profiles\/\{id\}/, { id: 'profileId', version: 'profileVersion' }],
  [/^\/api\/voice\/test-sessions\/\{sessionId\}/, { sessionId: 'testSessionId' }],
  [/^\/api\/contacts\/\{id\}/, { id: 'contactId' }],
  [/^\/api\/sms\/threads\/\{phone\}/, { phone: 'threadPhone' }],
  [/^\/api\/sms\/threads\/\{threadId\}/, { threadId: 'threadId' }],
  [/^\/api\/voice\/conversations\/\{id\}/, { id: 'conversationId' }],
  [/^\/api\/calls\/\{id\}/, { id: 'callSessionId' }],
  [/^\/api\/pending-actions\/\{id\}/, { id: 'pendingActionId' }],
  [/^\/api\/annie\/call\/\{id\}/, { id: 'phoneCallSessionId' }],
  [/^\/api\/phone\/media-streams\/\{phoneCallId\}/, { phoneCallId: 'phoneCallId' }],
];

/**
 * Routes with a path parameter that names no tenant's data: the API's own documents, and a remote's
 * releases (one registry for the whole product, managed only by the operator tenant's admins), under
 * `/api/remotes` and its deprecated spelling `/api/modules` (attacked as well: an alias is a way in too).
 */
export const ROUTES_WITHOUT_TENANT_DATA = [
  /^\/api\/docs\/\{file\}$/,
  /^\/api\/(remotes|modules)\/releases\/\{remote\}\//,
  /^\/api\/(remotes|modules)\/tokens\/\{id\}\//,
];

/** Seeds every module in turn (the workers running), then stops the workers so tenant A's rows hold still. */
export async function seedTenantA(world: AttackWorld): Promise<{ values: Seeded; perUser: string[] }> {
  await world.app.startBackground();
  const values: Seeded = {};
  for (const seed of MODULE_SEEDS) Object.assign(values, await seed.seed(world));
  await world.app.stopBackground();
  return { values, perUser: MODULE_SEEDS.flatMap((seed) => seed.perUser ?? []) };
}
