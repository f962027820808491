import { describe, expect, it } from 'vitest';
import { HEADER_NAV, isNavActive, MENU_NAV, MOBILE_TABS, visibleEntries } from './navigation.ts';

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
  it('lists the desktop header links in order', () => {
    expect(HEADER_NAV.map((entry) => entry.label)).toEqual([
      'Voice',
      'Call Logs',
      'Messages',
      'Contacts',
      'Lab Console',
      'Knowledge',
    ]);
  });

  it('lists the hamburger menu entries, starting with the assistant, Voice Console and Modules for admins only', () => {
    expect(visibleEntries(MENU_NAV, true).map((entry) => entry.label)).toEqual([
      'James',
      'Voice Console',
      'Remote releases',
      'Call Logs',
      'Lab Console',
      'Knowledge Base',
      'Messages',
      'Contacts',
      'Google Workspace',
    ]);
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
