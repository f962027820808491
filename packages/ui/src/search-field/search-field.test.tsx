import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchField } from './search-field.tsx';

function Harness() {
  const [query, setQuery] = useState('');
  return (
    <Theme>
      <SearchField
        placeholder="Search contacts..."
        label="Search contacts"
        value={query}
        onChange={setQuery}
      />
      <output>{query}</output>
    </Theme>
  );
}

describe('SearchField', () => {
  it('is a named search box with the placeholder that reports what is typed', async () => {
    render(<Harness />);
    const box = screen.getByRole('searchbox', { name: 'Search contacts' });
    expect(box).toHaveAttribute('placeholder', 'Search contacts...');
    await userEvent.setup().type(box, 'ada');
    expect(screen.getByRole('status')).toHaveTextContent('ada');
  });
});
