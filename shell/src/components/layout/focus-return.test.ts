import { afterEach, describe, expect, it } from 'vitest';
import { installFocusReturn } from './focus-return.ts';

const tick = (ms = 80) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  document.body.replaceChildren();
});

function dialogWithButton(): HTMLElement {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  dialog.append(document.createElement('button'));
  document.body.append(dialog);
  return dialog;
}

describe('installFocusReturn', () => {
  it("gives focus back to the menu's trigger when a dialog opened from its item closes", async () => {
    const stop = installFocusReturn();
    const trigger = document.createElement('button');
    trigger.setAttribute('aria-controls', 'user-menu');
    const menu = document.createElement('div');
    menu.id = 'user-menu';
    menu.setAttribute('role', 'menu');
    const item = document.createElement('div');
    item.tabIndex = -1;
    menu.append(item);
    document.body.append(trigger, menu);
    item.focus();
    menu.remove();
    const dialog = dialogWithButton();
    dialog.querySelector('button')?.focus();
    dialog.remove();
    await tick();
    expect(document.activeElement).toBe(trigger);
    stop();
  });

  it('leaves focus alone when the dialog gave it back itself', async () => {
    const stop = installFocusReturn();
    const opener = document.createElement('button');
    const other = document.createElement('button');
    document.body.append(opener, other);
    opener.focus();
    const dialog = dialogWithButton();
    dialog.querySelector('button')?.focus();
    dialog.remove();
    other.focus();
    await tick();
    expect(document.activeElement).toBe(other);
    stop();
  });
});
