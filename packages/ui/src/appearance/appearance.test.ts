import { APPEARANCE_SCRIPT, DARK_SHEET_META } from '@annie/contracts/page-scripts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPEARANCE_CHOICES,
  APPEARANCE_STORAGE_KEY,
  applyAppearance,
  followAppearance,
  linkDarkSheet,
  readAppearanceChoice,
  resolveAppearance,
  setAppearanceChoice,
} from './appearance.ts';

/** A `prefers-color-scheme` the test can change, with the listeners matchMedia's answer holds. */
function systemScheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(scheme: 'light' | 'dark') {
      dark = scheme === 'dark';
      for (const listener of listeners) listener();
    },
  };
}

const html = () => document.documentElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  html().className = '';
  html().removeAttribute('style');
  html().removeAttribute('data-appearance');
  document.head.innerHTML = '';
});

/** The page's head naming its dark sheet, as the shell's build writes it. */
function nameDarkSheet(href = '/appearance-dark.0123abcd.css') {
  const meta = document.createElement('meta');
  meta.name = DARK_SHEET_META;
  meta.content = href;
  document.head.append(meta);
}

const darkSheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[data-appearance-sheet]')];

describe('the appearance', () => {
  it('follows the system by default, on <html>, and keeps following it', () => {
    const system = systemScheme('dark');
    expect(readAppearanceChoice()).toBe('system');
    const stop = followAppearance();
    expect(html().classList.contains('dark')).toBe(true);
    expect(html().style.colorScheme).toBe('dark');
    system.set('light');
    expect(html().classList.contains('light')).toBe(true);
    expect(html().classList.contains('dark')).toBe(false);
    stop();
  });

  it('remembers Light or Dark over the system, and System forgets it', () => {
    systemScheme('dark');
    setAppearanceChoice('light');
    expect(localStorage.getItem(APPEARANCE_STORAGE_KEY)).toBe('light');
    expect(applyAppearance()).toBe('light');
    expect(html().classList.contains('light')).toBe(true);
    setAppearanceChoice('system');
    expect(localStorage.getItem(APPEARANCE_STORAGE_KEY)).toBeNull();
    expect(html().classList.contains('dark')).toBe(true);
  });

  it('takes anything unknown in storage for System', () => {
    systemScheme('light');
    localStorage.setItem(APPEARANCE_STORAGE_KEY, 'sepia');
    expect(readAppearanceChoice()).toBe('system');
    expect(resolveAppearance(readAppearanceChoice())).toBe('light');
  });
});

describe("the dark appearance's styles (onDark)", () => {
  /** A fresh copy of the module: whether onDark was called is kept per page. */
  async function freshAppearance() {
    vi.resetModules();
    return import('./appearance.ts');
  }

  it('are not loaded while the page stays light', async () => {
    systemScheme('light');
    const { followAppearance: follow } = await freshAppearance();
    const onDark = vi.fn();
    const stop = follow({ onDark });
    expect(onDark).not.toHaveBeenCalled();
    stop();
  });

  it('are loaded at start when the system is dark, once', async () => {
    const system = systemScheme('dark');
    const { followAppearance: follow } = await freshAppearance();
    const onDark = vi.fn();
    const stop = follow({ onDark });
    expect(onDark).toHaveBeenCalledTimes(1);
    system.set('light');
    system.set('dark');
    expect(onDark).toHaveBeenCalledTimes(1);
    stop();
  });

  it('are loaded when the system or the toggle turns the page dark', async () => {
    const system = systemScheme('light');
    const { followAppearance: follow, setAppearanceChoice: setChoice } = await freshAppearance();
    const onDark = vi.fn();
    const stop = follow({ onDark });
    setChoice('dark');
    expect(onDark).toHaveBeenCalledTimes(1);
    stop();

    const again = await freshAppearance();
    localStorage.clear();
    const onDarkToo = vi.fn();
    const stopToo = again.followAppearance({ onDark: onDarkToo });
    expect(onDarkToo).not.toHaveBeenCalled();
    system.set('dark');
    expect(onDarkToo).toHaveBeenCalledTimes(1);
    stopToo();
  });

  it('are asked for again after a failed load', async () => {
    systemScheme('light');
    const { followAppearance: follow, setAppearanceChoice: setChoice } = await freshAppearance();
    const onDark = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const stop = follow({ onDark });
    setChoice('dark');
    await Promise.resolve();
    await Promise.resolve();
    setChoice('light');
    setChoice('dark');
    expect(onDark).toHaveBeenCalledTimes(2);
    stop();
  });
});

describe("the page head's appearance script (APPEARANCE_SCRIPT)", () => {
  /** What the script, or applyAppearance, leaves on <html> and in the head. */
  function outcome() {
    return {
      classes: [...html().classList].sort(),
      colorScheme: html().style.colorScheme,
      choice: html().dataset.appearance,
      sheets: darkSheets().map((link) => [
        link.rel,
        link.getAttribute('href'),
        link.getAttribute('blocking'),
      ]),
    };
  }
  function reset() {
    html().className = '';
    html().removeAttribute('style');
    html().removeAttribute('data-appearance');
    for (const link of darkSheets()) link.remove();
  }

  it('gives <html> what applyAppearance gives, for each choice and system, before any script of the page', () => {
    nameDarkSheet();
    for (const scheme of ['light', 'dark'] as const) {
      systemScheme(scheme);
      for (const stored of [...APPEARANCE_CHOICES, 'sepia', null]) {
        localStorage.clear();
        if (stored) localStorage.setItem(APPEARANCE_STORAGE_KEY, stored);
        reset();
        new Function(APPEARANCE_SCRIPT)();
        const early = outcome();
        reset();
        const appearance = applyAppearance();
        const applied = outcome();
        expect({ ...early, sheets: [] }, `${stored} on a ${scheme} system`).toEqual(applied);
        // Dark: the named sheet, render-blocking; light: none fetched.
        expect(early.sheets).toEqual(
          appearance === 'dark' ? [['stylesheet', '/appearance-dark.0123abcd.css', 'render']] : [],
        );
      }
    }
  });

  it('applies the appearance even when storage is refused', () => {
    systemScheme('dark');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    new Function(APPEARANCE_SCRIPT)();
    vi.restoreAllMocks();
    expect(html().classList.contains('dark')).toBe(true);
  });
});

describe('linkDarkSheet', () => {
  it('links the sheet the page names, once, and resolves when it has loaded', async () => {
    nameDarkSheet('/dark.css');
    const loaded = linkDarkSheet();
    expect(darkSheets().map((link) => link.getAttribute('href'))).toEqual(['/dark.css']);
    darkSheets()[0]?.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBeUndefined();
    await expect(linkDarkSheet()).resolves.toBeUndefined();
    expect(darkSheets()).toHaveLength(1);
  });

  it('does not link it again when the head script already did', async () => {
    nameDarkSheet('/dark.css');
    systemScheme('dark');
    new Function(APPEARANCE_SCRIPT)();
    await linkDarkSheet();
    expect(darkSheets()).toHaveLength(1);
  });

  it('takes a sheet that failed out again, so that the next call tries anew', async () => {
    nameDarkSheet('/dark.css');
    const failed = linkDarkSheet();
    darkSheets()[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow(/did not load/);
    expect(darkSheets()).toHaveLength(0);
    void linkDarkSheet();
    expect(darkSheets()).toHaveLength(1);
  });

  it('fails on a page that names no dark sheet', async () => {
    await expect(linkDarkSheet()).rejects.toThrow(/names no dark stylesheet/);
  });
});
