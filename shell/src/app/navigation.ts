import { ASSISTANT_FIRST_NAME } from '../config/product.ts';

export interface NavEntry {
  label: string;
  to: string;
  adminOnly?: boolean;
  /** Only for administrators of the operator's tenant (the registry says so: `manageReleases`). */
  operatorOnly?: boolean;
  /** Shows how many SMS drafts and callers' requests wait in the one approvals queue (under Messages). */
  showsPendingCount?: boolean;
}

/** Desktop header links, in display order. */
export const HEADER_NAV: readonly NavEntry[] = [
  { label: 'Voice', to: '/' },
  { label: 'Call Logs', to: '/call-logs' },
  { label: 'Messages', to: '/sms', showsPendingCount: true },
  { label: 'Contacts', to: '/contacts' },
  { label: 'Lab Console', to: '/lab/console' },
  { label: 'Knowledge', to: '/knowledge' },
];

/** The hamburger menu's entries, in display order; the first is the assistant's first name. */
export const MENU_NAV: readonly NavEntry[] = [
  { label: ASSISTANT_FIRST_NAME, to: '/' },
  { label: 'Voice Console', to: '/voice/console', adminOnly: true },
  { label: 'Remote releases', to: '/admin/modules', adminOnly: true, operatorOnly: true },
  { label: 'Call Logs', to: '/call-logs' },
  { label: 'Lab Console', to: '/lab/console' },
  { label: 'Knowledge Base', to: '/knowledge' },
  { label: 'Messages', to: '/sms', showsPendingCount: true },
  { label: 'Contacts', to: '/contacts' },
  { label: 'Google Workspace', to: '/google' },
];

/**
 * The one mobile bottom bar: Voice, Messages, Contacts, History and Lab, plus a More button opening the
 * hamburger menu (see MobileTabBar), so every other screen stays reachable on a phone.
 */
export const MOBILE_TABS: readonly NavEntry[] = [
  { label: 'Voice', to: '/' },
  { label: 'Messages', to: '/sms', showsPendingCount: true },
  { label: 'Contacts', to: '/contacts' },
  { label: 'History', to: '/conversations' },
  { label: 'Lab', to: '/lab/console' },
];

/** A nav entry is active when the path equals its route or lies under it; `/` matches only exactly. */
export function isNavActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The entries a user may see: admin-only ones only for admins. */
export function visibleEntries(entries: readonly NavEntry[], isAdmin: boolean): NavEntry[] {
  return entries.filter((entry) => isAdmin || !entry.adminOnly);
}
