import { anyRemoteRan } from '../remotes/remote-modules.ts';

/**
 * Why this page may not hold a password confirmation (undefined: it may). A remote's code shares the
 * page it runs in (it could read what the page types or sends), so only a page where none has run asks
 * for the password: the Remote releases screen opened as a fresh page (the server isolates that
 * document). A page another window opened, or one in a frame, is refused too: its opener could script it.
 */
export function untrustedPageReason(): string | undefined {
  if (anyRemoteRan()) return "A remote's code has run in this page.";
  if (window.opener) return 'Another window opened this page.';
  if (window.top !== window.self) return 'This page is in a frame.';
  // The server isolates the Remote releases page loaded as a document (COOP + COEP): without that, this
  // page was reached from another one. Browsers isolate only secure contexts (HTTPS, or this machine).
  if (window.isSecureContext && !window.crossOriginIsolated)
    return 'This page was not opened as the Remote releases page.';
  return undefined;
}
