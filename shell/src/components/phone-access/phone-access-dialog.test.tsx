import type { PhoneAccess } from '@annie/contracts/trust';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { PhoneAccessDialog } from './phone-access-dialog.tsx';
import { SPOKEN_PASSCODE_WARNING } from './phone-access-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const access = (changes: Partial<PhoneAccess> = {}): PhoneAccess => ({
  numbers: [],
  unverifiedNumbers: [],
  passcodeSet: false,
  spokenPasscode: false,
  lockedUntil: null,
  lockouts: [],
  ...changes,
});

async function openDialog(onOpenChange = vi.fn()) {
  renderWithProviders(<PhoneAccessDialog open onOpenChange={onOpenChange} />);
  return screen.findByRole('dialog', { name: 'Phone access' });
}

describe('PhoneAccessDialog', () => {
  it('saves a new passcode with your password, keeping your numbers as they are', async () => {
    const api = stubFetch({
      'GET /api/me/phone-access': { status: 200, body: access({ numbers: ['+14155550123'] }) },
      'PUT /api/me/phone-access': {
        status: 200,
        body: access({ numbers: ['+14155550123'], passcodeSet: true }),
      },
    });
    const onOpenChange = vi.fn();
    const dialog = await openDialog(onOpenChange);
    expect(await within(dialog).findByText('No passcode is set yet.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('New passcode (6 to 12 digits)'), '482916');
    await userEvent.type(within(dialog).getByLabelText('Your account password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.requests('PUT')[0]?.body).toEqual({
      numbers: ['+14155550123'],
      passcode: '482916',
      currentPassword: 'secret',
    });
  });

  it("shows the server's reason when it refuses, and stays open", async () => {
    stubFetch({
      'GET /api/me/phone-access': { status: 200, body: access({ passcodeSet: true }) },
      'PUT /api/me/phone-access': {
        status: 403,
        body: { code: 'forbidden', message: 'The account password is wrong' },
      },
    });
    const onOpenChange = vi.fn();
    const dialog = await openDialog(onOpenChange);
    await userEvent.type(await within(dialog).findByLabelText('New passcode (6 to 12 digits)'), '123456');
    await userEvent.type(within(dialog).getByLabelText('Your account password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account password is wrong');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('saying the passcode is off by default; turning it on warns and needs the password', async () => {
    const api = stubFetch({
      'GET /api/me/phone-access': { status: 200, body: access({ passcodeSet: true }) },
      'PUT /api/me/phone-access': { status: 200, body: access({ passcodeSet: true, spokenPasscode: true }) },
    });
    const dialog = await openDialog();
    const spoken = await within(dialog).findByRole('checkbox', {
      name: 'Also accept the passcode said aloud',
    });
    expect(spoken).not.toBeChecked();
    expect(within(dialog).queryByText(SPOKEN_PASSCODE_WARNING)).toBeNull();
    await userEvent.click(spoken);
    expect(within(dialog).getByText(SPOKEN_PASSCODE_WARNING)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Your account password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.requests('PUT')[0]?.body).toEqual({
        numbers: [],
        spokenPasscode: true,
        currentPassword: 'secret',
      }),
    );
  });

  it('shows each lockout (when, from which number) and clears the current one', async () => {
    const lockout = { id: '5b0f9f0e-4a59-4f7e-9d43-1f6d5c1c2a10', callerE164: '+14155550199' };
    const api = stubFetch({
      'GET /api/me/phone-access': {
        status: 200,
        body: access({
          passcodeSet: true,
          lockedUntil: '2026-11-27T10:15:00.000Z',
          lockouts: [{ ...lockout, lockedAt: '2026-11-27T10:00:00.000Z', clearedAt: null }],
        }),
      },
      'POST /api/me/phone-access/lockout/clear': {
        status: 200,
        body: access({
          passcodeSet: true,
          lockouts: [
            { ...lockout, lockedAt: '2026-11-27T10:00:00.000Z', clearedAt: '2026-11-27T10:01:00.000Z' },
          ],
        }),
      },
    });
    const dialog = await openDialog();
    const region = await within(dialog).findByRole('region', { name: 'Passcode lockouts' });
    expect(within(region).getByText(/locked until/)).toBeInTheDocument();
    expect(within(region).getByRole('list', { name: 'Lockouts' })).toHaveTextContent('(415) 555-0199');
    await userEvent.type(
      within(region).getByLabelText('Your account password, to clear the lockout'),
      'account password',
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Clear lockout' }));
    await vi.waitFor(() => expect(within(region).getByRole('list')).toHaveTextContent('(cleared)'));
    expect(within(region).queryByRole('button', { name: 'Clear lockout' })).toBeNull();
    expect(api.requests('POST').map((request) => request.body)).toEqual([
      { currentPassword: 'account password' },
    ]);
  });
});
