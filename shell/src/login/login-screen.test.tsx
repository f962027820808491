import { authUser } from '@annie/test-fixtures/auth-api';
import { type StubAnswer, stubFetch } from '@annie/test-fixtures/fetch-stub';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render-with-providers.tsx';
import { LoginScreen } from './login-screen.tsx';

const user = authUser({ email: 'ada@example.com', tenantId: 't1' });

// The card's notice area (a refusal is an alert there, not a toast).
function notifications() {
  return screen.getByRole('alert');
}

async function signIn(username: string, password: string) {
  const actor = userEvent.setup();
  if (username) await actor.type(screen.getByLabelText('Username'), username);
  if (password) await actor.type(screen.getByLabelText('Password'), password);
  await actor.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="prefetch"]')) link.remove();
  vi.unstubAllGlobals();
});

describe('LoginScreen', () => {
  it('shows the product title, the subtitle and both fields', () => {
    renderWithProviders(<LoginScreen reload={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'AnnieAI Login' })).toBeInTheDocument();
    expect(screen.getByText('Enter your credentials to access the system')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('links the public legal pages', () => {
    renderWithProviders(<LoginScreen reload={vi.fn()} />);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  });

  it('refuses to submit without both fields and says so, without calling the server', async () => {
    const api = stubFetch({});
    renderWithProviders(<LoginScreen reload={vi.fn()} />);
    await signIn('ada', '');
    const notice = within(notifications());
    expect(notice.getByText('Missing credentials')).toBeInTheDocument();
    expect(notice.getByText('Please enter both username and password')).toBeInTheDocument();
    expect(api.requests()).toEqual([]);
  });

  it("shows the server's message when the login is refused", async () => {
    const body = { message: 'Account locked', code: 'locked' };
    stubFetch({ 'POST /api/login': { status: 401, body } });
    renderWithProviders(<LoginScreen reload={vi.fn()} />);
    await signIn('ada', 'wrong');
    const notice = within(await screen.findByRole('alert'));
    expect(notice.getByText('Login failed')).toBeInTheDocument();
    expect(notice.getByText('Account locked')).toBeInTheDocument();
    // In the card, not as a toast.
    expect(screen.getByRole('region', { name: 'Notifications (F8)' }).querySelector('li')).toBeNull();
    expect(document.head.querySelector('link[rel="prefetch"]')).toBeNull();
  });

  it('falls back to "Invalid username or password" for a 401 without a message', async () => {
    stubFetch({ 'POST /api/login': new Response('', { status: 401, statusText: 'Unauthorized' }) });
    renderWithProviders(<LoginScreen reload={vi.fn()} />);
    await signIn('ada', 'wrong');
    expect(
      await within(await screen.findByRole('alert')).findByText('Invalid username or password'),
    ).toBeInTheDocument();
  });

  it('falls back to "Login failed" when the server gives no message', async () => {
    stubFetch({ 'POST /api/login': new Response('upstream down', { status: 502 }) });
    renderWithProviders(<LoginScreen reload={vi.fn()} />);
    await signIn('ada', 'secret');
    await waitFor(() => expect(within(notifications()).getAllByText('Login failed')).toHaveLength(2));
  });

  it('reads "Signing in..." while busy, then welcomes the user and reloads after 500 ms', async () => {
    let answer: (reply: StubAnswer) => void = () => {};
    stubFetch({
      'POST /api/login': () =>
        new Promise<StubAnswer>((resolve) => {
          answer = resolve;
        }),
    });
    const reload = vi.fn();
    renderWithProviders(<LoginScreen reload={reload} />);
    await signIn('ada', 'secret');
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    // Measured from the answer, which is before the timer starts, so a busy machine can only add time.
    const answeredAt = performance.now();
    act(() => answer({ status: 200, body: user }));
    // In the card, not a toast: the toasts' code is not fetched on the way to the home page.
    const title = await screen.findByText('Login successful');
    const notice = title.closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByText('Welcome to AnnieAI!')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    // Meanwhile the signed-in app's stylesheet and scripts are fetched for the page the reload opens.
    const prefetched = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(prefetched.map((link) => [link.getAttribute('href'), link.getAttribute('as')])).toEqual([
      ['/app/app.css', 'style'],
      ['/app/app-react-dom.js', 'script'],
      ['/app/app.js', 'script'],
    ]);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(490);
  });
});
