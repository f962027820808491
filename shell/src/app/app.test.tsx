import { authUser } from '@annie/test-fixtures/auth-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app.tsx';

// The signed-in app itself (routes, remotes) has tests of its own; here only which screen the gate shows.
vi.mock('./authenticated-app.tsx', () => ({
  AuthenticatedApp: ({ user }: { user: { username: string } }) => <p>Signed in as {user.username}</p>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('App: the session gate', () => {
  it('shows the signed-in app for a live session', async () => {
    stubFetch({ 'GET /api/auth/user': { status: 200, body: authUser({ username: 'ada' }) } });
    render(<App />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByText('Signed in as ada')).toBeInTheDocument();
  });

  it('shows the login screen once the session has ended', async () => {
    stubFetch({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the login screen, not an endless spinner, when the session cannot be checked (API down)', async () => {
    stubFetch({ 'GET /api/auth/user': { status: 503, body: { message: 'Database unavailable' } } });
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });
});
