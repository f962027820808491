import { FileTextIcon } from '@radix-ui/react-icons';
import { Button, Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('shows its title as a heading with the description and action', () => {
    render(
      <Theme>
        <EmptyState
          icon={<FileTextIcon />}
          title="No notes yet"
          description="Add a note to build the knowledge base."
          action={<Button>Add Note</Button>}
        />
      </Theme>,
    );
    expect(screen.getByRole('heading', { name: 'No notes yet' })).toBeInTheDocument();
    expect(screen.getByText('Add a note to build the knowledge base.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Note' })).toBeInTheDocument();
  });

  it('renders only the title when nothing else is given', () => {
    render(
      <Theme>
        <EmptyState title="No calls yet" />
      </Theme>,
    );
    expect(screen.getByRole('heading', { name: 'No calls yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
