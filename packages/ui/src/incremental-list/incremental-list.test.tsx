import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { IncrementalList } from './incremental-list.tsx';

const contacts = Array.from({ length: 75 }, (_, i) => `Contact ${i}`);

function renderList(items: readonly string[]) {
  render(
    <Theme>
      <IncrementalList items={items}>
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
}

describe('IncrementalList', () => {
  it('renders the first 30 items and the rest a step at a time through Show more', async () => {
    renderList(contacts);
    const user = userEvent.setup();
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Show more (45)' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(60);
    await user.click(screen.getByRole('button', { name: 'Show more (15)' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(75);
    expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  });

  it('offers no Show more for a short list', () => {
    renderList(contacts.slice(0, 30));
    expect(screen.getAllByRole('listitem')).toHaveLength(30);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
