import { CheckIcon, CopyIcon } from '@radix-ui/react-icons';
import { Button } from '@radix-ui/themes';
import { useEffect, useState } from 'react';

type Props = {
  /** The text put on the clipboard. */
  value: string;
  /** What is copied, for the accessible name ("Copy the token"). */
  label: string;
};

const COPIED_MS = 2_000;

/**
 * Copies `value` to the clipboard and says so on the button itself for a moment ("Copied"), or that the
 * browser refused ("Copy failed: select the text"), where the eye already is.
 */
export function CopyButton({ value, label }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <Button type="button" size="1" variant="soft" aria-label={label} onClick={() => void copy()}>
      {state === 'copied' ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
      <span aria-live="polite">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text' : 'Copy'}
      </span>
    </Button>
  );
}
