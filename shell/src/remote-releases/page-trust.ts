import { anyRemoteRan } from '../remotes/remote-modules.ts';

/**
 * Why this page may not hold a password confirmation (undefined: it may). A remote's code shares the
 * page it runs in (it could read what the page types or sends), so only a page where none has run asks
 * for the password: the Remote releases screen opened as a fresh page. A page another window opened, or
 * one in a frame, is refused too: its opener could script it.
 */
export function untrustedPageReason(): string | undefined {
  if (anyRemoteRan()) return "A remote's code has run in this page.";
  if (window.opener) return 'Another window opened this page.';
  if (window.top !== window.self) return 'This page is in a frame.';
  return undefined;
}
