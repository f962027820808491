import { DropdownMenu } from '@radix-ui/themes';
import {
  cloneElement,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useState,
} from 'react';

type Reach = 'none' | 'near' | 'open';

type TriggerProps = {
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerDown?: (event: PointerEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A dropdown menu of the app's chrome whose code (Radix's menu, its positioning and focus handling,
 * loaded on demand by the shared Radix surface) is not fetched with the first screen: until the
 * visitor reaches for it (the pointer over the trigger) the trigger is a plain button; a press or an
 * opening key on it then opens the menu as soon as the code has arrived (the trigger is then Radix's,
 * which hands focus back to it when the menu closes).
 */
export function DeferredMenu({
  trigger,
  align,
  children,
}: {
  trigger: ReactElement<TriggerProps>;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  const [reach, setReach] = useState<Reach>('none');
  const reached: TriggerProps = {
    onPointerEnter: () => setReach((current) => (current === 'none' ? 'near' : current)),
    onPointerDown: (event) => {
      if (event.button === 0 && !event.ctrlKey) setReach('open');
    },
    onKeyDown: (event) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      setReach('open');
    },
  };
  if (reach !== 'open') {
    // Near: an empty menu beside the trigger fetches the code, and the trigger stays the same element.
    return (
      <>
        {cloneElement(trigger, { ...reached, 'aria-haspopup': 'menu', 'aria-expanded': false })}
        {reach === 'near' && <DropdownMenu.Root />}
      </>
    );
  }
  // Not modal: a modal menu hides every other element of the page from assistive technology and locks
  // its scrolling when it opens (a walk over the whole document), which made the first opening slow;
  // the menu still takes focus, closes on Escape and on a press outside, and hands focus back.
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger>{cloneElement(trigger, reached)}</DropdownMenu.Trigger>
      <DropdownMenu.Content align={align}>{children}</DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
