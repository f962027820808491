import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPEARANCE_STORAGE_KEY,
  applyAppearance,
  followAppearance,
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
});

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
