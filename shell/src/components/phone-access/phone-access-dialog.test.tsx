import { stubFetch } from '@annie/api-client/testing/fetch-stub';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers.tsx';
import { PhoneAccessDialog } from './phone-access-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PhoneAccessDialog', () => {
  it('saves your numbers and a new passcode with your password', async () => {
    const api = stubFetch({
      'GET /api/me/phone-access': { status: 200, body: { numbers: ['+14155550123'], passcodeSet: false } },
      'PUT /api/me/phone-access': { status: 200, body: { numbers: ['+14155550123'], passcodeSet: true } },
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<PhoneAccessDialog open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog', { name: 'Phone access' });
    const numbers = await within(dialog).findByLabelText('Your phone numbers (comma-separated)');
    expect(numbers).toHaveValue('+14155550123');
    expect(within(dialog).getByText('No passcode is set yet.')).toBeInTheDocument();
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
      'GET /api/me/phone-access': { status: 200, body: { numbers: [], passcodeSet: true } },
      'PUT /api/me/phone-access': {
        status: 403,
        body: { code: 'forbidden', message: 'The account password is wrong' },
      },
    });
    const onOpenChange = vi.fn();
    renderWithProviders(<PhoneAccessDialog open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog', { name: 'Phone access' });
    await userEvent.type(await within(dialog).findByLabelText('New passcode (6 to 12 digits)'), '123456');
    await userEvent.type(within(dialog).getByLabelText('Your account password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The account password is wrong')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
