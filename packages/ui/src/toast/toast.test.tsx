import { Theme } from '@radix-ui/themes';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toast, useToast } from './toast.tsx';
import { dismissToast } from './toast-store.ts';

function renderToaster() {
  render(
    <Theme>
      <Toaster />
    </Theme>,
  );
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  // The store is a module singleton: close and purge whatever a test left behind.
  act(() => {
    dismissToast();
    vi.runOnlyPendingTimers();
  });
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows a toast with its title and description in the notifications region', () => {
    const region = renderToaster();
    act(() => {
      toast({ title: 'Job created', description: 'Lab job has been queued successfully' });
    });
    const item = within(region).getByRole('listitem');
    expect(within(item).getByText('Job created')).toBeInTheDocument();
    expect(within(item).getByText('Lab job has been queued successfully')).toBeInTheDocument();
  });

  it('offers its action as a button that runs it and closes the toast', () => {
    const region = renderToaster();
    const undo = vi.fn();
    act(() => {
      toast({ title: 'Note deleted', action: { label: 'Undo', onClick: undo } });
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    expect(within(region).queryByText('Note deleted')).not.toBeInTheDocument();
  });

  it('shows one toast at a time: a new one replaces the old', () => {
    const region = renderToaster();
    act(() => {
      toast({ title: 'Call started' });
      toast({ title: 'Call ended' });
    });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(region).getByText('Call ended')).toBeInTheDocument();
    expect(within(region).queryByText('Call started')).not.toBeInTheDocument();
  });

  it('closes after 5000 ms and drops the closed toast from state after 1,000,000 ms more', () => {
    const region = renderToaster();
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Logged out' });
    });
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(within(region).getByRole('listitem')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(region).queryByRole('listitem')).not.toBeInTheDocument();
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(999_999);
    });
    expect(result.current.toasts).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.toasts).toHaveLength(0);
  });

  it('closes when its close button is pressed', () => {
    const region = renderToaster();
    act(() => {
      toast({ title: 'Disconnected' });
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    expect(within(region).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('closes through the handle returned by toast()', () => {
    const region = renderToaster();
    let handle: ReturnType<typeof toast> | undefined;
    act(() => {
      handle = toast({ title: 'Disconnected' });
    });
    act(() => handle?.dismiss());
    expect(within(region).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('focuses the notifications list on F8', () => {
    const region = renderToaster();
    expect(region).not.toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(within(region).getByRole('list')).toHaveFocus();
  });

  it('marks destructive toasts with an error icon and success toasts with a success icon', () => {
    const region = renderToaster();
    act(() => {
      toast({ title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' });
    });
    expect(within(region).getByRole('img', { name: 'Error' })).toBeInTheDocument();
    expect(within(region).queryByRole('img', { name: 'Success' })).not.toBeInTheDocument();
    act(() => {
      toast({ title: 'Fact created', variant: 'success' });
    });
    expect(within(region).getByRole('img', { name: 'Success' })).toBeInTheDocument();
    expect(within(region).queryByRole('img', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('shows a toast raised through useToast()', () => {
    const region = renderToaster();
    const { result } = renderHook(() => useToast());
    act(() => {
      result.current.toast({ title: 'Note created', variant: 'success' });
    });
    expect(within(region).getByText('Note created')).toBeInTheDocument();
  });
});
