import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FullPageSpinner, Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is a status named Loading by default', () => {
    render(
      <Theme>
        <Spinner />
      </Theme>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('takes a custom accessible name', () => {
    render(
      <Theme>
        <Spinner label="Loading call history" />
      </Theme>,
    );
    expect(screen.getByRole('status', { name: 'Loading call history' })).toBeInTheDocument();
  });
});

describe('FullPageSpinner', () => {
  it('is a status named Loading', () => {
    render(
      <Theme>
        <FullPageSpinner />
      </Theme>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
