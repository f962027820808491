import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './load-failed.tsx';

describe('LoadFailed', () => {
  it('announces the message as an alert and retries on Retry', async () => {
    const onRetry = vi.fn();
    render(
      <Theme>
        <LoadFailed message="Failed to load jobs." onRetry={onRetry} />
      </Theme>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load jobs.');
    expect(screen.queryByText('Technical details')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('keeps the technical detail behind a closed disclosure until opened', async () => {
    render(
      <Theme>
        <LoadFailed
          message="This section could not be loaded."
          onRetry={vi.fn()}
          details="lab/app could not be loaded"
        />
      </Theme>,
    );
    const disclosure = screen.getByText('Technical details').closest('details');
    expect(disclosure).not.toHaveAttribute('open');
    expect(screen.getByText('lab/app could not be loaded')).not.toBeVisible();
    await userEvent.setup().click(screen.getByText('Technical details'));
    expect(disclosure).toHaveAttribute('open');
    expect(screen.getByText('lab/app could not be loaded')).toBeVisible();
  });
});
