import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { WebRtcTestPeer } from '@annie/fakes/webrtc-test-peer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../test/api-process.ts';
import { TestClient } from '../../test/test-client.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { eventually } from '../modules/lab/testing/lab-test-helpers.ts';

// Real processes, started as `npm run sandbox` and `npm run serve` start the API (no builds needed).
const database = await createTestDatabase();
afterAll(() => database.drop());
const PASSWORD = 'sandbox-test-password';
const env = {
  DATABASE_URL: database.url,
  SESSION_SECRET: 'sandbox-start-test-secret-0123456789abcdef',
  ANNIE_ADMIN_PASSWORD: PASSWORD,
};

/** The TCP ports a process listens on (Linux: its socket inodes matched against /proc/net/tcp{,6}). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = target.match(/^socket:\[(\d+)\]$/)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // The descriptor closed while we looked.
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      // 0A is LISTEN.
      if (state === '0A' && inode && inodes.has(inode) && local)
        ports.add(Number.parseInt(local.split(':')[1] ?? '', 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

async function signedIn(baseUrl: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/login', { username: 'admin', password: PASSWORD });
  expect(login.status).toBe(200);
  return client;
}

describe('a production start with no provider keys', () => {
  it('says it is no sandbox, and runs no fake: the process listens on its own port only', async () => {
    const api = await startApiProcess(['api/src/main.ts'], env);
    const modules = await new TestClient(api.baseUrl).get('/api/remotes');
    expect(modules.body.sandbox).toBe(false);
    expect(api.logs.find((line) => line.msg === 'AnnieAI is ready')?.sandbox).toBe(false);
    expect(listeningPorts(api.apiPid)).toEqual([Number(new URL(api.baseUrl).port)]);
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
  });
});

describe('npm run sandbox (ANNIE_SANDBOX=true)', () => {
  it.each([
    ['OPENAI_API_KEY', 'sk-live-not-a-fake'],
    ['TWILIO_AUTH_TOKEN', 'live-twilio-token'],
    ['AGT_BASE_URL', 'https://agt.example.com'],
  ])('refuses to start with %s configured, naming it, and exits non-zero', async (name, value) => {
    const start = startApiProcess(['api/src/main.ts'], { ...env, ANNIE_SANDBOX: 'true', [name]: value });
    await expect(start).rejects.toThrow(/API exited with 1 before it was ready/);
    await expect(start).rejects.toThrow(new RegExp(`real provider settings are configured \\(${name}\\)`));
  });

  it('--seed outside a sandbox is refused: sample data never lands in a real product', async () => {
    const start = startApiProcess(['api/src/main.ts', '--seed'], env);
    await expect(start).rejects.toThrow(/--seed works only in the sandbox/);
  });
});

describe('a sandbox started with --seed', () => {
  let api: ApiProcess;
  let client: TestClient;
  beforeAll(async () => {
    api = await startApiProcess(['api/src/main.ts', '--seed'], { ...env, ANNIE_SANDBOX: 'true' });
    client = await signedIn(api.baseUrl);
  });
  afterAll(async () => {
    api.child.kill('SIGTERM');
    const code = await api.exited;
    if (code !== 0) console.log(JSON.stringify(api.logs.slice(-8), null, 1));
    expect(code).toBe(0);
  });

  it('runs its fakes in-process and says so in the log and /api/remotes', async () => {
    expect(api.logs.find((line) => line.msg === 'AnnieAI is ready')?.sandbox).toBe(true);
    expect(api.logs.some((line) => line.msg === 'Sandbox — providers are simulated')).toBe(true);
    expect((await new TestClient(api.baseUrl).get('/api/remotes')).body.sandbox).toBe(true);
    // The API's port and the fakes' (chemistry, Google, OpenAI text, realtime WebSocket and WebRTC with its
    // sideband, GPT-Live's WebSocket and its browser calls, Twilio).
    expect(listeningPorts(api.apiPid)).toHaveLength(10);
  });

  it("guards the panel's routes: signed-in only, and a body that is not a text from a phone number is a 400", async () => {
    const anonymous = new TestClient(api.baseUrl);
    for (const path of ['/api/sandbox/inbound-text', '/api/sandbox/inbound-call']) {
      expect((await anonymous.post(path, { from: '+16505550111', body: 'Hi' })).status).toBe(401);
    }
    for (const body of [
      {},
      { from: 'not a number', body: 'Hi' },
      { from: '+16505550111' },
      { from: '+16505550111', body: 'Hi', to: '+1' },
    ]) {
      const refused = await client.post('/api/sandbox/inbound-text', body);
      expect(refused.status).toBe(400);
    }
    expect((await client.post('/api/sandbox/inbound-call', { from: 'nobody' })).status).toBe(400);
  });

  it('delivers a sent text: Twilio reports it delivered', async () => {
    const sent = await client.post('/api/sms/send', { to: '+16505550111', body: 'Thursday still on?' });
    expect(sent.status).toBe(201);
    const delivered = await eventually(async () => {
      const thread = await client.get('/api/sms/threads/%2B16505550111');
      const message = thread.body.messages.find((item: { id: string }) => item.id === sent.body.messageId);
      return message?.status === 'delivered' ? message : undefined;
    }, 10_000);
    expect(delivered.body).toBe('Thursday still on?');
  });

  it('a simulated inbound text from a contact lands in their thread with a draft in the assistant’s voice', async () => {
    const inbound = await client.post('/api/sandbox/inbound-text', {
      from: '(415) 555-0147',
      body: 'Can we move the board prep to tomorrow morning?',
    });
    expect(inbound.status).toBe(200);
    expect(inbound.body).toEqual({ phoneE164: '+14155550147', to: '+14155550100' });
    const draft = await eventually(async () => {
      const thread = await client.get('/api/sms/threads/%2B14155550147');
      const pending = thread.body.meta.pendingDraft;
      return thread.body.meta.lastMessage.body.startsWith('Can we move') && pending ? pending : undefined;
    }, 10_000);
    expect(draft.draft).toMatch(/Priya/);
  });

  it('a simulated inbound call: answered by the front desk, a message taken with a tool, ended by the assistant, in Call History', async () => {
    const rung = await client.post('/api/sandbox/inbound-call', { from: '650-555-0111' });
    expect(rung.status).toBe(200);
    expect(rung.body).toMatchObject({ phoneE164: '+16505550111', to: '+14155550100' });
    type Line = { role: string; content: string };
    const call = await eventually(async () => {
      const calls = (await client.get('/api/call-sessions')).body as {
        channel: string;
        callerId: string | null;
        endedAt: string | null;
        transcript: Line[];
      }[];
      return calls.find(
        (each) =>
          each.channel === 'twilio' &&
          each.endedAt !== null &&
          each.transcript.some((line) => line.role === 'user' && /glycerin delivery/.test(line.content)),
      );
    }, 40_000);
    expect(call.callerId).toBe('+16505550111');
    expect(call.transcript.filter((line) => line.role === 'assistant').map((line) => line.content)).toEqual([
      "Good afternoon, Eleanor Hart's office. How can I help?",
      'She is in meetings until four. May I take a message?',
      'Thank you. I have passed that on to her.',
      'Thank you for calling. Goodbye.',
    ]);
    // The caller is a third party: the message is stored for the executive, not written into Knowledge.
    const messages = (await client.get('/api/call-messages')).body as { body: string; callerE164: string }[];
    expect(messages).toContainEqual(
      expect.objectContaining({ body: 'The pallet ships on Thursday.', callerE164: '+16505550111' }),
    );
  }, 60_000);

  it('runs a call on GPT-Live when the default profile chooses it: the message taken, the call ended, its figures kept', async () => {
    type Profile = { id: string; isDefault: boolean };
    const profiles = (await client.get('/api/voice/profiles?agentId=default-agent')).body as Profile[];
    const chosen = profiles.find((profile) => profile.isDefault);
    if (!chosen) throw new Error('the seeded sandbox has a default profile');
    expect((await client.patch(`/api/voice/profiles/${chosen.id}`, { engine: 'live' })).status).toBe(200);
    try {
      const rung = await client.post('/api/sandbox/inbound-call', { from: '650-555-0112' });
      expect(rung.status).toBe(200);
      type Line = { role: string; content: string };
      const call = await eventually(async () => {
        const calls = (await client.get('/api/call-sessions')).body as {
          callerId: string | null;
          endedAt: string | null;
          transcript: Line[];
          figures: { live?: { model: string; seconds: number } | null } | null;
        }[];
        return calls.find(
          (each) => each.callerId === '+16505550112' && each.endedAt !== null && each.figures,
        );
      }, 40_000);
      const said = (role: string) =>
        call.transcript
          .filter((line) => line.role === role)
          .map((line) => line.content)
          .join(' ');
      expect(said('user')).toMatch(/glycerin delivery/);
      expect(said('assistant')).toMatch(/Goodbye\.$/);
      expect(call.figures?.live?.model).toBe('gpt-live-1.1');
      const messages = (await client.get('/api/call-messages')).body as {
        body: string;
        callerE164: string;
      }[];
      expect(messages).toContainEqual(
        expect.objectContaining({ body: 'The pallet ships on Thursday.', callerE164: '+16505550112' }),
      );
    } finally {
      await client.patch(`/api/voice/profiles/${chosen.id}`, { engine: 'realtime' });
    }
  }, 60_000);

  it('runs the seeded lab jobs to success against the chemistry fake', async () => {
    const jobs = await eventually(async () => {
      const list = (await client.get('/api/lab/jobs')).body as { status: string }[];
      return list.length === 3 && list.every((job) => job.status === 'succeeded') ? list : undefined;
    }, 15_000);
    expect(jobs).toHaveLength(3);
  });

  it('answers a browser call through the WebRTC fake: a spoken greeting, then a turn with a tool call', async () => {
    const peer = await WebRtcTestPeer.connect(async (sdp) => {
      const answer = await client.request('POST', '/api/realtime/offer', {
        rawBody: sdp,
        headers: { 'Content-Type': 'application/sdp' },
      });
      expect(answer.status).toBe(201);
      return answer.text;
    });
    try {
      peer.send({ type: 'response.create' });
      const { event: greeting } = await peer.waitForServerEvent('response.output_audio_transcript.done');
      expect(greeting.transcript).toBe('Good afternoon. James here. How may I help?');
      await peer.speak(160);
      const { event: asked } = await peer.waitForServerEvent('response.function_call_arguments.done');
      expect(asked).toMatchObject({ name: 'search_knowledge_base' });
    } finally {
      await peer.close();
    }
  });
});
