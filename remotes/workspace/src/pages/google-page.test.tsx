import { createQueryClient } from '@annie/api-client/query-client';
import { GOOGLE_ACCOUNTS, GOOGLE_AUTH_URL, stubWorkspaceApi } from '@annie/test-fixtures/workspace-api';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendBrowserTo } from '../hooks/use-google-connection-actions.ts';
import GooglePage from './google-page.tsx';
import GoogleSuccessPage from './google-success-page.tsx';

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <MemoryRouter>
          <GooglePage />
        </MemoryRouter>
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Google Workspace page', () => {
  it('shows a spinner while checking, then Not Connected with the services asked for and the privacy note', async () => {
    stubWorkspaceApi();
    renderPage();
    expect(screen.getByRole('status', { name: 'Checking connection' })).toBeInTheDocument();
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    expect(screen.getByText('Connect to enable Google services')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connected Accounts' })).not.toBeInTheDocument();
    const services = within(screen.getByRole('list', { name: 'Services' })).getAllByRole('listitem');
    // The scopes the consent screen asks for, no more: no Docs or Meet rows, no "manage" of mail.
    expect(services.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Gmail: read',
      'Gmail: send',
      'Calendar',
      'Drive: find files',
      'Drive: new files',
      'Sheets',
    ]);
    for (const item of services) expect(within(item).getByText('Not connected')).toBeInTheDocument();
    expect(screen.queryByText(/manage/i)).not.toBeInTheDocument();
    expect(screen.getByText(/encrypted and used only to fulfil your requests/)).toBeInTheDocument();
  });

  it('sends the browser to the address the server returns on Connect', async () => {
    stubWorkspaceApi();
    const assign = vi.spyOn(sendBrowserTo, 'assign').mockImplementation(() => {});
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect Google Account' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_AUTH_URL));
  });

  it('shows Connection Failed when the server cannot start the consent', async () => {
    stubWorkspaceApi({ authStatus: 503 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect Google Account' }));
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.getByText('Unable to initiate Google authentication.')).toBeInTheDocument();
  });

  it('shows Connected with the accounts and their badges, switches the active one, and disconnects', async () => {
    const api = stubWorkspaceApi({ connected: true });
    const user = renderPage();
    expect(await screen.findByText('Google services are active')).toBeInTheDocument();
    const board = await screen.findByRole('listitem', { name: 'board@example.com' });
    expect(within(board).getByText('Inactive')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'eleanor.hart@example.com' })).getByText('Active'),
    ).toBeInTheDocument();
    expect(within(board).getByText('B')).toBeInTheDocument();
    // The active account granted everything but Sheets, which the user unticked on Google's screen.
    const services = screen.getByRole('list', { name: 'Services' });
    expect(
      within(within(services).getByRole('listitem', { name: 'Gmail: read' })).getByText('Allowed'),
    ).toBeInTheDocument();
    expect(
      within(within(services).getByRole('listitem', { name: 'Sheets' })).getByText('Not allowed'),
    ).toBeInTheDocument();
    expect(screen.getByText(/connect the account again and tick it on Google's screen/)).toBeInTheDocument();
    await user.click(within(board).getByRole('button', { name: 'Use this account' }));
    await vi.waitFor(() =>
      expect(api.requests('POST').map((request) => request.path)).toContain(
        `/api/google/accounts/${GOOGLE_ACCOUNTS[1]?.id}/activate`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Google Workspace has been disconnected.')).toBeInTheDocument();
    expect(screen.getByText('Not Connected')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Connected Accounts' })).not.toBeInTheDocument();
  });

  it('shows Disconnect Failed and stays connected when the server refuses', async () => {
    stubWorkspaceApi({ connected: true, disconnectStatus: 502 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Unable to disconnect Google Workspace.')).toBeInTheDocument();
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('only logs a failed status check, reads Not Connected, and refresh checks again', async () => {
    const api = stubWorkspaceApi({ statusStatus: 500 });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = renderPage();
    expect(await screen.findByText('Not Connected')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Google connection check failed', expect.anything());
    const checks = () =>
      api.requests('GET').filter((request) => request.path === '/api/google/status').length;
    const before = checks();
    await user.click(screen.getByRole('button', { name: 'Refresh status' }));
    await vi.waitFor(() => expect(checks()).toBe(before + 1));
  });

  it('says the account is connected when Google returns through /google/success, with no page of its own', async () => {
    stubWorkspaceApi({ connected: true });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Theme>
          <MemoryRouter initialEntries={['/google/success']}>
            <Routes>
              <Route path="/google" element={<GooglePage />} />
              <Route path="/google/success" element={<GoogleSuccessPage />} />
            </Routes>
          </MemoryRouter>
        </Theme>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Google Workspace' })).toBeInTheDocument();
    expect(screen.getByText('Google account connected.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Success' })).not.toBeInTheDocument();
  });
});
