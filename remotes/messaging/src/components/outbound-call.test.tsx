import type { PhoneCallDto } from '@annie/contracts/phone-calls';
import { authRoutes, authUser } from '@annie/test-fixtures/auth-api';
import { installFakeEventSource, latestEventSource } from '@annie/test-fixtures/fake-event-source';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { VOICE_PROFILES } from '@annie/test-fixtures/voice-profiles-api';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import { OutboundCall } from './outbound-call.tsx';

const CALL_ID = 'c0000000-0000-4000-8000-000000000001';
const DANIEL = { phone: '+16505550111', name: 'Daniel Osei' };

function phoneCall(changes: Partial<PhoneCallDto> = {}): PhoneCallDto {
  return {
    id: CALL_ID,
    direction: 'outbound',
    status: 'ringing',
    remoteE164: DANIEL.phone,
    contactName: 'Daniel Osei',
    purpose: 'Confirm Thursday at 3 pm',
    startedAt: '2026-11-29T02:00:00.000Z',
    endedAt: null,
    transcript: [],
    ...changes,
  };
}

beforeEach(() => {
  installFakeEventSource();
});
afterEach(() => vi.unstubAllGlobals());

function open(routes: Parameters<typeof stubFetch>[0] = {}) {
  const onDone = vi.fn();
  const stub = stubFetch({
    'GET /api/settings': { status: 200, body: { assistantName: 'James' } },
    ...routes,
  });
  const user = renderPage(<OutboundCall target={DANIEL} onDone={onDone} />, '/contacts');
  const started = () => stub.requests('POST').filter((request) => request.path === '/api/annie/call/start');
  return { ...stub, user, onDone, started };
}

describe('OutboundCall: the purpose dialog', () => {
  it('names the contact and their number for humans, and places no call without a purpose', async () => {
    const { user, started, onDone } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Call Daniel Osei' });
    expect(dialog).toHaveTextContent('will phone Daniel Osei at (650) 555-0111 for you');
    expect(dialog).not.toHaveTextContent('+16505550111');
    await user.click(within(dialog).getByRole('button', { name: 'Call Daniel Osei' }));
    expect(within(dialog).getByRole('textbox', { name: 'Purpose' })).toHaveAccessibleDescription(
      'Say what the call is for: the purpose is required',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), '    ');
    await user.click(within(dialog).getByRole('button', { name: 'Call Daniel Osei' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(started()).toEqual([]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('offers an administrator the voice profiles, the active one chosen, and sends the one picked', async () => {
    const { user, started } = open({
      ...authRoutes(authUser({ isAdmin: true })),
      'GET /api/voice/profiles': { status: 200, body: VOICE_PROFILES },
      'POST /api/annie/call/start': { status: 201, body: { id: CALL_ID } },
      [`GET /api/annie/call/${CALL_ID}`]: { status: 200, body: phoneCall() },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Call Daniel Osei' });
    const profile = await within(dialog).findByRole('combobox', { name: 'Voice profile' });
    expect(profile).toHaveTextContent('Active profile (Front desk)');
    profile.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('option', { name: 'Evenings' }));
    expect(profile).toHaveTextContent('Evenings');
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'Say we are closed');
    await user.click(within(dialog).getByRole('button', { name: 'Call Daniel Osei' }));
    await screen.findByRole('dialog', { name: 'Call with Daniel Osei' });
    expect(started().map((request) => request.body)).toEqual([
      { to: '+16505550111', message: 'Say we are closed', profileId: VOICE_PROFILES[2]?.id },
    ]);
  });

  it('offers no choice to a user who is not an administrator: the active profile is used', async () => {
    const { requests } = open(authRoutes(authUser({ isAdmin: false })));
    const dialog = await screen.findByRole('dialog', { name: 'Call Daniel Osei' });
    expect(within(dialog).queryByRole('combobox', { name: 'Voice profile' })).not.toBeInTheDocument();
    expect(requests('GET').some((request) => request.path === '/api/voice/profiles')).toBe(false);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { user } = open({
      'POST /api/annie/call/start': {
        status: 409,
        body: {
          message: 'A call to this number is already in progress',
          code: 'duplicate_call',
          duplicate: true,
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Call Daniel Osei' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'Say hello');
    await user.click(within(dialog).getByRole('button', { name: 'Call Daniel Osei' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A call to this number is already in progress',
    );
  });
});

describe('OutboundCall: the live call panel', () => {
  it('places the call with the purpose, follows it live (status, transcript by name) and ends it', async () => {
    let current = phoneCall();
    const { user, started, requests } = open({
      'POST /api/annie/call/start': { status: 201, body: { id: CALL_ID } },
      [`GET /api/annie/call/${CALL_ID}`]: () => ({ status: 200, body: current }),
      [`POST /api/annie/call/${CALL_ID}/end`]: () => {
        current = phoneCall({ ...current, status: 'completed', endedAt: '2026-11-29T02:01:00.000Z' });
        return { status: 200, body: current };
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Call Daniel Osei' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), '  Confirm Thursday at 3 pm ');
    await user.click(within(dialog).getByRole('button', { name: 'Call Daniel Osei' }));
    expect(started().map((request) => request.body)).toEqual([
      { to: '+16505550111', message: 'Confirm Thursday at 3 pm' },
    ]);

    const panel = await screen.findByRole('dialog', { name: 'Call with Daniel Osei' });
    expect(await within(panel).findByRole('status')).toHaveTextContent('Ringing…');
    expect(panel).toHaveTextContent('Purpose: Confirm Thursday at 3 pm');

    // The live event, not a timer, brings the answer and the first lines.
    current = phoneCall({
      status: 'in-progress',
      transcript: [
        {
          role: 'assistant',
          content: 'Hello, this is James calling for Alex.',
          timestamp: '2026-11-29T02:00:05.000Z',
        },
        { role: 'user', content: 'Hi James, Thursday works.', timestamp: '2026-11-29T02:00:09.000Z' },
      ],
    });
    act(() => {
      latestEventSource().open();
      latestEventSource().emit('call', { id: CALL_ID, status: 'in-progress' });
    });
    expect(await within(panel).findByText('Hi James, Thursday works.')).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('In progress');
    const lines = within(within(panel).getByRole('list', { name: 'Transcript' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'James: Hello, this is James calling for Alex.',
      'Daniel Osei: Hi James, Thursday works.',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'End call' }));
    expect(await within(panel).findByText('Call ended')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'End call' })).not.toBeInTheDocument();
    expect(requests('POST').map((request) => request.path)).toEqual([
      '/api/annie/call/start',
      `/api/annie/call/${CALL_ID}/end`,
    ]);
  });
});
