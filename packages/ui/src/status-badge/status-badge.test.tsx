import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge.tsx';

describe('StatusBadge', () => {
  it('shows its label in the colour of its tone', () => {
    render(
      <Theme>
        <StatusBadge label="Completed" tone="green" />
        <StatusBadge label="Failed" tone="red" />
      </Theme>,
    );
    expect(screen.getByText('Completed')).toHaveAttribute('data-accent-color', 'green');
    expect(screen.getByText('Failed')).toHaveAttribute('data-accent-color', 'red');
  });
});
