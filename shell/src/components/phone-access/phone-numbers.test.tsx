import type { PhoneAccess } from '@annie/contracts/trust';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { PhoneAccessDialog } from './phone-access-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const MINE = '+14155550123';
const NEW = '+14155550188';

const access = (changes: Partial<PhoneAccess> = {}): PhoneAccess => ({
  numbers: [],
  unverifiedNumbers: [],
  passcodeSet: true,
  spokenPasscode: false,
  lockedUntil: null,
  lockouts: [],
  ...changes,
});

async function numbersList() {
  renderWithProviders(<PhoneAccessDialog open onOpenChange={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'Phone access' });
  return within(dialog).findByRole('region', { name: 'Your phone numbers' });
}

describe('the phone numbers list', () => {
  it('lists each number formatted, Verified or Pending, with no comma-separated box', async () => {
    stubFetch({
      'GET /api/me/phone-access': {
        status: 200,
        body: access({ numbers: [MINE, NEW], unverifiedNumbers: [NEW] }),
      },
    });
    const region = await numbersList();
    const verified = within(region).getByRole('listitem', { name: '(415) 555-0123' });
    expect(within(verified).getByText('Verified')).toBeVisible();
    expect(within(verified).queryByRole('button', { name: 'Resend code' })).toBeNull();
    const waiting = within(region).getByRole('listitem', { name: '(415) 555-0188' });
    expect(within(waiting).getByText('Pending: enter the texted code')).toBeVisible();
    expect(within(waiting).getByRole('button', { name: 'Resend code' })).toBeVisible();
    expect(screen.queryByText(/comma-separated/)).toBeNull();
    expect(region).not.toHaveTextContent('+1415');
  });

  it('adds a number to the others, and says under the field why one is refused', async () => {
    const api = stubFetch({
      'GET /api/me/phone-access': { status: 200, body: access({ numbers: [MINE] }) },
      'PUT /api/me/phone-access': ({ body }) =>
        (body as { numbers: string[] }).numbers.includes('+1 415 555 0100')
          ? {
              status: 400,
              body: {
                code: 'bad_request',
                message: 'Own numbers are confirmed by a text, so they must be mobile numbers',
              },
            }
          : { status: 200, body: access({ numbers: [MINE, NEW], unverifiedNumbers: [NEW] }) },
    });
    const region = await numbersList();
    const field = within(region).getByLabelText('Add a mobile number');
    await userEvent.type(field, '+1 415 555 0100');
    await userEvent.click(within(region).getByRole('button', { name: 'Add number' }));
    expect(
      await within(region).findByText('Own numbers are confirmed by a text, so they must be mobile numbers'),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field);
    await userEvent.type(field, NEW);
    await userEvent.click(within(region).getByRole('button', { name: 'Add number' }));
    expect(await within(region).findByRole('listitem', { name: '(415) 555-0188' })).toHaveTextContent(
      'Pending',
    );
    expect(api.requests('PUT').map((request) => request.body)).toEqual([
      { numbers: [MINE, '+1 415 555 0100'] },
      { numbers: [MINE, NEW] },
    ]);
  });

  it('says a wrong code beside its field, not in a corner toast; the right one verifies the number', async () => {
    const api = stubFetch({
      'GET /api/me/phone-access': {
        status: 200,
        body: access({ numbers: [NEW], unverifiedNumbers: [NEW] }),
      },
      'POST /api/me/phone-access/numbers/confirm': ({ body }) =>
        (body as { code: string }).code === '111111'
          ? {
              status: 400,
              body: { code: 'bad_request', message: 'The code is wrong or has expired: send a new one' },
            }
          : { status: 200, body: access({ numbers: [NEW] }) },
      'POST /api/me/phone-access/numbers/code': {
        status: 429,
        body: { code: 'too_soon', message: 'A code was just sent to this number' },
      },
    });
    const region = await numbersList();
    const row = within(region).getByRole('listitem', { name: '(415) 555-0188' });
    await userEvent.click(within(row).getByRole('button', { name: 'Resend code' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('A code was just sent to this number');
    const code = within(row).getByLabelText('Code texted to (415) 555-0188');
    await userEvent.type(code, '111111');
    await userEvent.click(within(row).getByRole('button', { name: 'Verify' }));
    expect(await within(row).findByText('The code is wrong or has expired: send a new one')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Error')).toBeNull();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(within(row).getByRole('button', { name: 'Verify' }));
    expect(await within(region).findByText('Verified')).toBeVisible();
    expect(api.requests('POST').map((request) => [request.path, request.body])).toEqual([
      ['/api/me/phone-access/numbers/code', { number: NEW }],
      ['/api/me/phone-access/numbers/confirm', { number: NEW, code: '111111' }],
      ['/api/me/phone-access/numbers/confirm', { number: NEW, code: '123456' }],
    ]);
  });

  it('removes a number after asking, keeping the others', async () => {
    const api = stubFetch({
      'GET /api/me/phone-access': { status: 200, body: access({ numbers: [MINE, NEW] }) },
      'PUT /api/me/phone-access': { status: 200, body: access({ numbers: [MINE] }) },
    });
    const region = await numbersList();
    await userEvent.click(within(region).getByRole('button', { name: 'Remove (415) 555-0188' }));
    expect(api.requests('PUT')).toEqual([]);
    await userEvent.click(within(region).getByRole('button', { name: 'Yes, remove (415) 555-0188' }));
    await vi.waitFor(() =>
      expect(within(region).queryByRole('listitem', { name: '(415) 555-0188' })).toBeNull(),
    );
    expect(api.requests('PUT').map((request) => request.body)).toEqual([{ numbers: [MINE] }]);
  });
});
