import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Toaster, toast } from '@annie/ui/toast/toast';
import { dismissToast } from '@annie/ui/toast/toast-store';
import { Theme } from '@radix-ui/themes';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

// Radix Themes' prop classes (sizes, spacing, variants…), the ones the stylesheet subset filters on.
const PROP_CLASS = /^rt-(r-|variant-|high-contrast)/;

afterEach(() => {
  act(() => dismissToast());
});

/** The prop classes each import of login-toaster-ui.tsx keeps (its `classes=` list). */
function keptClasses(): string[][] {
  const source = readFileSync(join(import.meta.dirname, 'login-toaster-ui.tsx'), 'utf8');
  return [...source.matchAll(/[?&]classes=([^&']+)/g)].map((match) => (match[1] ?? '').split(','));
}

describe("the login page's toast stylesheet", () => {
  it('keeps every prop class a toast of each kind renders', () => {
    render(
      <Theme>
        <Toaster />
      </Theme>,
    );
    const rendered = new Set<string>();
    for (const variant of ['default', 'destructive', 'success'] as const) {
      act(() => {
        toast({ title: 'Login failed', description: 'Invalid username or password', variant });
      });
      for (const element of document.body.querySelectorAll('[class]')) {
        for (const name of element.classList) if (PROP_CLASS.test(name)) rendered.add(name);
      }
    }
    expect(rendered.size).toBeGreaterThan(3);
    const imports = keptClasses();
    expect(imports).toHaveLength(2);
    for (const kept of imports) expect([...rendered].filter((name) => !kept.includes(name))).toEqual([]);
  });
});
