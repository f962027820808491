import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JsonBlock } from './json-block.tsx';

describe('JsonBlock', () => {
  it('shows the value pretty-printed in a region named by its title', () => {
    render(
      <Theme>
        <JsonBlock title="Result" value={{ regulation: 'EU REACH', compliant: false }} />
      </Theme>,
    );
    const region = screen.getByRole('region', { name: 'Result' });
    expect(screen.getByRole('heading', { level: 2, name: 'Result' })).toBeInTheDocument();
    expect(region.querySelector('pre')?.textContent).toBe(
      '{\n  "regulation": "EU REACH",\n  "compliant": false\n}',
    );
  });

  it('prints null for an empty value', () => {
    render(
      <Theme>
        <JsonBlock title="Payload" value={null} />
      </Theme>,
    );
    expect(screen.getByRole('region', { name: 'Payload' })).toHaveTextContent('null');
  });
});
