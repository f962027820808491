import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadStatus, type LoadStatusProps } from './load-status.tsx';

function renderStatus(props: Partial<LoadStatusProps<string>>) {
  render(
    <Theme>
      <LoadStatus
        loading={false}
        failed={false}
        message="Failed to load jobs."
        onRetry={vi.fn()}
        data="the list"
        {...props}
      >
        {(data) => <p>{data}</p>}
      </LoadStatus>
    </Theme>,
  );
}

describe('LoadStatus', () => {
  it('shows a spinner named Loading while loading, and not the content', () => {
    renderStatus({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('the list')).not.toBeInTheDocument();
  });

  it('shows the loading sentence instead of a spinner when given one', () => {
    renderStatus({ loading: true, loadingText: 'Loading jobs...' });
    expect(screen.getByText('Loading jobs...')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows placeholder rows instead of a spinner for a list, and not the content', () => {
    renderStatus({ loading: true, skeletonRows: 4, label: 'Loading jobs' });
    const placeholder = screen.getByRole('status', { name: 'Loading jobs' });
    expect(placeholder.querySelectorAll('[data-skeleton-row]')).toHaveLength(4);
    expect(screen.queryByText('the list')).not.toBeInTheDocument();
  });

  it('announces a failure with Retry', async () => {
    const onRetry = vi.fn();
    renderStatus({ failed: true, onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load jobs.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows the content once loaded', () => {
    renderStatus({});
    expect(screen.getByText('the list')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
