import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button.tsx';

describe('CopyButton', () => {
  it('puts the value on the clipboard and says Copied on the button', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    render(
      <Theme>
        <CopyButton value="annie_deploy_secret" label="Copy the token" />
      </Theme>,
    );
    await user.click(screen.getByRole('button', { name: 'Copy the token' }));
    expect(writeText).toHaveBeenCalledWith('annie_deploy_secret');
    expect(await navigator.clipboard.readText()).toBe('annie_deploy_secret');
    expect(screen.getByRole('button', { name: 'Copy the token' })).toHaveTextContent('Copied');
  });
});
