import { type ReactNode, useEffect } from 'react';

// The first paint the API may have put into app.html's #root (a remote's idle view, from the build the
// user gets: api/src/modules/static/first-paint-markup.ts), taken before React's first commit empties
// #root. Kept until the page it stands for has mounted.
let idleView = document.querySelector<HTMLElement>('#root > [data-boot-idle]');

const renderedWithName = idleView?.dataset.assistantName;

/** The assistant's name the page's idle view was rendered with (its settings), if it had one. */
export function idleViewAssistantName(): string | undefined {
  return renderedWithName;
}

/**
 * The route's loading state while the server-rendered idle view waits for its page: the same DOM node
 * moved under this element (no second copy, nothing re-announced, the painted greeting stays the
 * page's largest element); `fallback` once there is none. Moving it again on a re-render is a no-op.
 */
export function BootIdleView({ fallback }: { fallback: ReactNode }) {
  if (!idleView) return fallback;
  return (
    <div
      ref={(container) => {
        if (idleView) container?.append(idleView);
      }}
    />
  );
}

/** Rendered beside the page the idle view stands for: once that page has mounted, the view is done. */
export function ReleaseBootIdleView() {
  useEffect(() => {
    idleView?.remove();
    idleView = null;
  }, []);
  return null;
}
