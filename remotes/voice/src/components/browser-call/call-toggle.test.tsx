import { Theme } from '@radix-ui/themes';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CallToggle } from './call-toggle.tsx';

function renderToggle() {
  const onPrepare = vi.fn();
  const onToggle = vi.fn();
  render(
    <Theme>
      <CallToggle
        isActive={false}
        connecting={false}
        caption="Tap to talk"
        onToggle={onToggle}
        onPrepare={onPrepare}
      />
    </Theme>,
  );
  return { onPrepare, onToggle, button: screen.getByRole('button', { name: 'Start call' }) };
}

describe('CallToggle', () => {
  it('asks for the call code when the user reaches for it: pointer over it, pressed, or focused', () => {
    const { onPrepare, onToggle, button } = renderToggle();
    expect(onPrepare).not.toHaveBeenCalled();
    fireEvent.pointerEnter(button);
    expect(onPrepare).toHaveBeenCalledTimes(1);
    fireEvent.pointerDown(button);
    expect(onPrepare).toHaveBeenCalledTimes(2);
    fireEvent.focus(button);
    expect(onPrepare).toHaveBeenCalledTimes(3);
    expect(onToggle).not.toHaveBeenCalled();
  });
});
