import { describe, expect, it } from 'vitest';
import { paletteScreens } from './palette-items.ts';
import { isPaletteShortcut } from './palette-launcher.tsx';

describe('paletteScreens', () => {
  it('finds a screen by its name or another word for it, every word typed', () => {
    expect(paletteScreens('history', false, false).map((item) => item.to)).toEqual(['/conversations']);
    expect(paletteScreens('sms', false, false).map((item) => item.label)).toEqual(['Messages']);
    expect(paletteScreens('call logs', false, false).map((item) => item.to)).toEqual(['/call-logs']);
  });

  it('offers the operator screens only to admins, Remote releases only to release managers', () => {
    expect(paletteScreens('console', false, false).map((item) => item.label)).toEqual(['Lab Console']);
    expect(paletteScreens('console', true, false).map((item) => item.label)).toEqual([
      'Lab Console',
      'Voice Console',
    ]);
    expect(paletteScreens('releases', true, false)).toEqual([]);
    expect(paletteScreens('releases', true, true).map((item) => item.to)).toEqual(['/admin/modules']);
  });
});

describe('isPaletteShortcut', () => {
  it('is ⌘K or Ctrl+K, not K alone nor with Alt', () => {
    const key = (init: Partial<KeyboardEvent>) => ({
      key: 'k',
      metaKey: false,
      ctrlKey: false,
      altKey: false,
      ...init,
    });
    expect(isPaletteShortcut(key({ metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ ctrlKey: true, key: 'K' }))).toBe(true);
    expect(isPaletteShortcut(key({}))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
  });
});
