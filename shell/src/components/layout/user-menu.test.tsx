import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELOAD_DELAY_MS } from '../../config/product.ts';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { UserMenu } from './user-menu.tsx';

const regular = {
  id: '5f0c7a7e-2b1d-4c3a-9e8f-0a1b2c3d4e5f',
  username: 'riley',
  email: 'riley@example.test',
  isAdmin: false,
  tenantId: 't1',
};

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'User menu' }));
  return screen.findByRole('menu');
}

function notifications() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UserMenu', () => {
  it('shows the username and email, and no Voice Console for a regular user', async () => {
    renderWithProviders(<UserMenu user={regular} reload={vi.fn()} />);
    const menu = await openMenu();
    expect(within(menu).getByText('riley')).toBeInTheDocument();
    expect(within(menu).getByText('riley@example.test')).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Voice Console' })).not.toBeInTheDocument();
  });

  it('falls back to "User" without a username and offers the Voice Console to an admin', async () => {
    renderWithProviders(<UserMenu user={{ ...regular, username: '', isAdmin: true }} reload={vi.fn()} />);
    const menu = await openMenu();
    expect(within(menu).getByText('User')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Voice Console' })).toBeInTheDocument();
  });

  it('logs out with a notice and reloads the page', async () => {
    stubFetch({ 'POST /api/logout': { status: 200, body: { ok: true } } });
    const reload = vi.fn();
    renderWithProviders(<UserMenu user={regular} reload={reload} />);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Logout' }));
    expect(await notifications().findByText('Logged out')).toBeInTheDocument();
    expect(notifications().getByText('You have been successfully logged out.')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('says so when the logout fails, and stays', async () => {
    // Time runs on its own, but the test can also jump past the reload delay instead of sleeping it out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ 'POST /api/logout': { status: 500, body: { message: 'boom', code: 'internal' } } });
    const reload = vi.fn();
    renderWithProviders(<UserMenu user={regular} reload={reload} />);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Logout' }));
    expect(await notifications().findByText('Logout failed')).toBeInTheDocument();
    expect(notifications().getByText('Unable to logout. Please try again.')).toBeInTheDocument();
    vi.advanceTimersByTime(RELOAD_DELAY_MS + 1);
    expect(reload).not.toHaveBeenCalled();
  });
});
