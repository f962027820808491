import { REMOTE_NAMES } from '@annie/contracts/remotes';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { SANDBOX_NOTICE, SandboxBar } from './sandbox-bar.tsx';

const remotes = REMOTE_NAMES.map((name) => ({
  name,
  entry: `/remotes/${name}/mf-manifest.json`,
  version: '1',
}));
const mum = {
  contact: {
    id: '5f0c7a7e-2b1d-4c3a-9e8f-0a1b2c3d4e5f',
    name: 'Margaret Hart',
    nickname: 'Mum',
    relationship: 'family',
    phonePrimary: '+14155550123',
    email: null,
    preferredChannel: 'sms',
    smsPreference: 'ask_first',
    notes: null,
    isFavorite: false,
    photoUrl: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
  },
  thread: null,
};

function Where() {
  return <output aria-label="Location">{useLocation().pathname}</output>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SandboxBar', () => {
  it('shows nothing on a production start', async () => {
    const api = stubFetch({ 'GET /api/remotes': { status: 200, body: { remotes, sandbox: false } } });
    renderWithProviders(<SandboxBar />);
    await waitFor(() => expect(api.requests()).toHaveLength(1));
    expect(screen.queryByText(SANDBOX_NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sandbox' })).not.toBeInTheDocument();
  });

  it('shows the badge in a sandbox, and a simulated text from a contact opens its thread', async () => {
    const api = stubFetch({
      'GET /api/remotes': { status: 200, body: { remotes, sandbox: true } },
      'GET /api/contacts': { status: 200, body: [mum] },
      'POST /api/sandbox/inbound-text': {
        status: 200,
        body: { phoneE164: '+14155550123', to: '+14155550100' },
      },
    });
    renderWithProviders(
      <>
        <SandboxBar />
        <Where />
      </>,
    );
    expect(await screen.findByText(SANDBOX_NOTICE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Simulate a text' }));
    const send = await screen.findByRole('button', { name: 'Send text' });
    expect(await screen.findByRole('combobox', { name: 'From' })).toHaveTextContent(
      'Margaret Hart (Mum) · (415) 555-0123',
    );
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Lunch on Sunday?');
    await userEvent.click(send);

    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/sms/%2B14155550123'),
    );
    expect(api.requests('POST').map((request) => request.body)).toEqual([
      {
        from: '+14155550123',
        body: 'Lunch on Sunday?',
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a simulated call from another number rings the number and opens Call History', async () => {
    const api = stubFetch({
      'GET /api/remotes': { status: 200, body: { remotes, sandbox: true } },
      'GET /api/contacts': { status: 200, body: [mum] },
      'POST /api/sandbox/inbound-call': {
        status: 200,
        body: { callSid: `CA${'1'.repeat(32)}`, phoneE164: '+14155550199', to: '+14155550100' },
      },
    });
    renderWithProviders(
      <>
        <SandboxBar />
        <Where />
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Simulate a call' }));
    expect(await screen.findByRole('heading', { name: 'Simulate an inbound call' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('combobox', { name: 'From' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Another number' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone number' }), '(415) 555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Call' }));

    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/call-logs'),
    );
    expect(api.requests('POST').map((request) => request.body)).toEqual([{ from: '(415) 555-0199' }]);
  });
});
