import { useRef, useState } from 'react';
import { hasGrant, needsConfirmation } from './api/release-grant.ts';
import { untrustedPageReason } from './page-trust.ts';

/**
 * Runs an action that needs a fresh password confirmation: at once when this page holds one, else
 * after the password dialog; an action the server refused for want of one asks again and retries.
 */
export function usePasswordGate() {
  const [asking, setAsking] = useState(false);
  const waiting = useRef<(() => void) | null>(null);

  const ask = (action: () => void) => {
    waiting.current = action;
    setAsking(true);
  };
  return {
    asking,
    /** Runs `action` with a fresh confirmation (asks for the password first when needed). */
    withGrant(action: () => void) {
      if (hasGrant() && !untrustedPageReason()) action();
      else ask(action);
    },
    /** True (and the password asked again) when `error` is the server's call for a fresh confirmation. */
    retryIfNeeded(error: unknown, action: () => void): boolean {
      if (!needsConfirmation(error)) return false;
      ask(action);
      return true;
    },
    confirmed() {
      setAsking(false);
      const action = waiting.current;
      waiting.current = null;
      action?.();
    },
    cancel() {
      waiting.current = null;
      setAsking(false);
    },
  };
}
