import { ApiError } from '@annie/api-client/http';
import { Theme } from '@radix-ui/themes';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './toast.tsx';
import { toastError } from './toast-error.ts';
import { dismissToast } from './toast-store.ts';

function renderToaster() {
  render(
    <Theme>
      <Toaster />
    </Theme>,
  );
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

afterEach(() => {
  act(() => dismissToast());
});

describe('toastError', () => {
  it("shows the title and the server's message as a destructive notice", () => {
    const region = renderToaster();
    const error = new ApiError(400, 'Bad Request', '{"message":"Contact already exists","code":"conflict"}');
    act(() => {
      toastError('Error', error, 'Failed to add contact');
    });
    const item = within(region).getByRole('listitem');
    expect(within(item).getByText('Error')).toBeInTheDocument();
    expect(within(item).getByText('Contact already exists')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: 'Error' })).toBeInTheDocument();
  });

  it('shows the fallback when the error says nothing readable', () => {
    const region = renderToaster();
    act(() => {
      toastError('Export failed', new TypeError('Failed to fetch'), 'Unable to export the profile');
    });
    expect(within(region).getByText('Unable to export the profile')).toBeInTheDocument();
  });

  it('shows the fixed text when given no error', () => {
    const region = renderToaster();
    act(() => {
      toastError('Error', null, 'Failed to create job');
    });
    expect(within(region).getByText('Failed to create job')).toBeInTheDocument();
  });
});
