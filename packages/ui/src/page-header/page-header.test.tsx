import { Button, Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header.tsx';

describe('PageHeader', () => {
  it('renders the title as the page h1 with subtitle and actions', () => {
    render(
      <Theme>
        <PageHeader
          title="Call History"
          subtitle="Every call, newest first"
          actions={<Button>Refresh</Button>}
        />
      </Theme>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Call History' })).toBeInTheDocument();
    expect(screen.getByText('Every call, newest first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
