import { describe, expect, it } from 'vitest';
import {
  HEADER_NAV,
  isNavActive,
  MENU_NAV,
  MOBILE_TABS,
  visibleEntries,
  visibleGroups,
} from './navigation.ts';

describe('isNavActive', () => {
  it('matches the voice tab (/) only on exactly /', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/sms', '/')).toBe(false);
    expect(isNavActive('/voice', '/')).toBe(false);
  });

  it('matches a tab on its own path and on any path below it', () => {
    expect(isNavActive('/sms', '/sms')).toBe(true);
    expect(isNavActive('/sms/%2B15551234567', '/sms')).toBe(true);
    expect(isNavActive('/contacts/42', '/contacts')).toBe(true);
  });

  it('does not match other routes, nor a longer name that merely shares the prefix', () => {
    expect(isNavActive('/contacts', '/sms')).toBe(false);
    expect(isNavActive('/call-logs', '/call')).toBe(false);
  });
});

describe('navigation entries', () => {
  it('lists the desktop header links in order, Conversation History among them', () => {
    expect(HEADER_NAV.map((entry) => entry.label)).toEqual([
      'Voice',
      'Call Logs',
      'Messages',
      'Contacts',
      'History',
      'Lab Console',
      'Knowledge',
    ]);
  });

  it('lists every executive screen in the menu, the typed call and Conversation History included', () => {
    const screens = visibleGroups(false, false);
    expect(screens.map((group) => group.label)).toEqual(['Screens']);
    expect(screens[0]?.entries.map((entry) => [entry.label, entry.to])).toEqual([
      ['Voice', '/'],
      ['Typed call', '/call'],
      ['Call Logs', '/call-logs'],
      ['Conversation History', '/conversations'],
      ['Messages', '/sms'],
      ['Contacts', '/contacts'],
      ['Knowledge Base', '/knowledge'],
      ['Lab Console', '/lab/console'],
      ['Google Workspace', '/google'],
    ]);
  });

  it('groups the operator screens apart, for admins only, Remote releases only for release managers', () => {
    const operator = (isAdmin: boolean, manageReleases: boolean) =>
      visibleGroups(isAdmin, manageReleases)
        .find((group) => group.label === 'Operator')
        ?.entries.map((entry) => entry.label);
    expect(operator(true, true)).toEqual(['Voice Console', 'Usage', 'Remote releases']);
    expect(operator(true, false)).toEqual(['Voice Console', 'Usage']);
    expect(operator(false, true)).toBeUndefined();
    expect(visibleEntries(MENU_NAV, false).map((entry) => entry.label)).not.toContain('Voice Console');
    expect(visibleEntries(MENU_NAV, false).map((entry) => entry.label)).not.toContain('Remote releases');
  });

  it('puts both documents’ mobile tabs in one bar (More is a separate menu button)', () => {
    expect(MOBILE_TABS.map((tab) => [tab.label, tab.to])).toEqual([
      ['Voice', '/'],
      ['Messages', '/sms'],
      ['Contacts', '/contacts'],
      ['History', '/conversations'],
      ['Lab', '/lab/console'],
    ]);
  });
});
