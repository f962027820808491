import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderLoginMarkup } from './login-markup.tsx';
import { LoginPage } from './login-page.tsx';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

describe('the login page rendered at build time', () => {
  it('holds the title, subtitle, both fields and Sign In (disabled until hydrated)', () => {
    document.body.innerHTML = `<div id="root">${renderLoginMarkup()}</div>`;
    expect(screen.getByRole('heading', { name: 'AnnieAI Login' })).toBeInTheDocument();
    expect(screen.getByText('Enter your credentials to access the system')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
  });

  it('hydrates without a mismatch, enables Sign In and keeps what was typed before the script ran', async () => {
    document.body.innerHTML = `<div id="root">${renderLoginMarkup()}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    username.value = 'ada';
    const recoverableError = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <LoginPage />, { onRecoverableError: recoverableError });
    });
    expect(recoverableError).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect(screen.getByLabelText('Username')).toBe(username);
  });
});

describe('the login page notices', () => {
  it('says what is missing in the card, loading no toasts and moving neither the card nor the button', async () => {
    document.body.innerHTML = `<div id="root">${renderLoginMarkup()}</div>`;
    const sheets = document.querySelectorAll('style, link[rel="stylesheet"]').length;
    await act(async () => {
      root = hydrateRoot(document.getElementById('root') as HTMLElement, <LoginPage />);
    });
    const button = screen.getByRole('button', { name: 'Sign In' });
    const room = button.nextElementSibling as HTMLElement;
    expect(room.style.minHeight).toBe('44px');
    await userEvent.setup().click(button);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Missing credentials')).toBeInTheDocument();
    expect(alert.parentElement).toBe(room);
    expect(screen.queryByRole('region', { name: 'Notifications (F8)' })).toBeNull();
    expect(document.querySelectorAll('style, link[rel="stylesheet"]').length).toBe(sheets);
  });
});
