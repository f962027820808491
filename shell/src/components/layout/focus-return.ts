const DIALOG = '[role="dialog"],[role="alertdialog"]';

/** The element to give focus back to for `element`: a menu item's menu trigger, else the element itself. */
function triggerOf(element: HTMLElement, doc: Document): HTMLElement {
  const menu = element.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = doc.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return element;
}

/**
 * Gives focus back to what opened a dialog when the dialog closes and focus would otherwise fall to the
 * page: a dialog opened from a menu item (the user menu's Phone access) or by a shortcut has no trigger
 * of its own to return to, and the item it came from is gone. Remembers the last element focused outside
 * any dialog (a menu item stands for its menu's trigger); when the last dialog leaves the page and
 * nothing has focus, focuses it again. Returns the function that stops it.
 */
export function installFocusReturn(doc: Document = document): () => void {
  let lastOutside: HTMLElement | null = null;
  let trigger: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    if (target.closest(DIALOG)) {
      trigger ??= lastOutside;
      return;
    }
    lastOutside = triggerOf(target, doc);
    trigger = null;
  };

  const restore = () => {
    if (!trigger || doc.querySelector(DIALOG)) return;
    const focused = doc.activeElement;
    if (focused && focused !== doc.body && focused.isConnected) {
      trigger = null;
      return;
    }
    if (trigger.isConnected) trigger.focus();
  };

  // Dialogs are portalled to the body's end: a change of the body's children may be one closing. Checked
  // once the dialog's own focus handling has run (a task later), and again after its last effects.
  const observer = new MutationObserver(() => {
    if (!trigger) return;
    setTimeout(restore, 0);
    setTimeout(restore, 60);
  });
  doc.addEventListener('focusin', onFocusIn);
  observer.observe(doc.body, { childList: true });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
