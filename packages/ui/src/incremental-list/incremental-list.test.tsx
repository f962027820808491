import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IncrementalList } from './incremental-list.tsx';

const contacts = (count: number) => Array.from({ length: count }, (_, i) => `Contact ${i}`);

function renderList(items: readonly string[], step?: number) {
  const { container } = render(
    <Theme>
      <IncrementalList items={items} step={step}>
        {(visible) => (
          <ul>
            {visible.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </IncrementalList>
    </Theme>,
  );
  return { shown: () => container.querySelectorAll('li').length };
}

describe('IncrementalList', () => {
  it('renders the first step and the rest a step at a time through Show more', async () => {
    const { shown } = renderList(contacts(5), 2);
    const user = userEvent.setup();
    expect(shown()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Show more (3)' }));
    expect(shown()).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Show more (1)' }));
    expect(shown()).toBe(5);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('steps by 30 unless told otherwise', () => {
    const { shown } = renderList(contacts(75));
    expect(shown()).toBe(30);
    expect(screen.getByRole('button', { name: 'Show more (45)' })).toBeInTheDocument();
  });

  it('offers no Show more for a short list', () => {
    const { shown } = renderList(contacts(30));
    expect(shown()).toBe(30);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
