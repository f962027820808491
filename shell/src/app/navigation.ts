export interface NavEntry {
  label: string;
  to: string;
  adminOnly?: boolean;
  /** Only for administrators of the operator's tenant (the registry says so: `manageReleases`). */
  operatorOnly?: boolean;
  /** Shows how many SMS drafts and callers' requests wait in the one approvals queue (under Messages). */
  showsPendingCount?: boolean;
  /** Other words the command palette finds the screen by. */
  keywords?: readonly string[];
}

/** A titled group of the hamburger menu (and of the command palette's screens). */
export interface NavGroup {
  label: string;
  entries: readonly NavEntry[];
}

/** Desktop header links, in display order: the executive's screens. */
export const HEADER_NAV: readonly NavEntry[] = [
  { label: 'Voice', to: '/' },
  { label: 'Call Logs', to: '/call-logs' },
  { label: 'Messages', to: '/sms', showsPendingCount: true },
  { label: 'Contacts', to: '/contacts' },
  { label: 'History', to: '/conversations' },
  { label: 'Lab Console', to: '/lab/console' },
  { label: 'Knowledge', to: '/knowledge' },
];

/** The executive's screens, every one of them (the menu and the palette list them all). */
export const EXECUTIVE_NAV: readonly NavEntry[] = [
  { label: 'Voice', to: '/', keywords: ['home', 'call', 'talk', 'assistant'] },
  { label: 'Typed call', to: '/call', keywords: ['type', 'chat', 'text call'] },
  { label: 'Call Logs', to: '/call-logs', keywords: ['calls'] },
  { label: 'Conversation History', to: '/conversations', keywords: ['history', 'transcripts'] },
  {
    label: 'Messages',
    to: '/sms',
    showsPendingCount: true,
    keywords: ['sms', 'texts', 'inbox', 'approvals'],
  },
  { label: 'Contacts', to: '/contacts', keywords: ['people', 'address book'] },
  { label: 'Knowledge Base', to: '/knowledge', keywords: ['facts', 'notes'] },
  { label: 'Lab Console', to: '/lab/console', keywords: ['formulation', 'compliance'] },
  { label: 'Google Workspace', to: '/google', keywords: ['calendar', 'gmail', 'drive'] },
];

/** The operators' screens, apart from the executive's: administrators only. */
export const OPERATOR_NAV: readonly NavEntry[] = [
  { label: 'Voice Console', to: '/voice/console', adminOnly: true, keywords: ['profiles', 'voices'] },
  { label: 'Usage', to: '/voice/console?tab=usage', adminOnly: true, keywords: ['budget', 'costs'] },
  {
    label: 'Remote releases',
    to: '/admin/modules',
    adminOnly: true,
    operatorOnly: true,
    keywords: ['modules', 'deploy'],
  },
];

/** The hamburger menu's groups, in display order: the executive's screens, then the operators'. */
export const MENU_GROUPS: readonly NavGroup[] = [
  { label: 'Screens', entries: EXECUTIVE_NAV },
  { label: 'Operator', entries: OPERATOR_NAV },
];

/** Every entry of the menu, in display order. */
export const MENU_NAV: readonly NavEntry[] = MENU_GROUPS.flatMap((group) => group.entries);

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

/**
 * The menu's groups as this user sees them: admin-only entries for admins, operator-only ones where the
 * registry says the user manages releases, and no empty group.
 */
export function visibleGroups(isAdmin: boolean, manageReleases: boolean): NavGroup[] {
  return MENU_GROUPS.map((group) => ({
    label: group.label,
    entries: visibleEntries(group.entries, isAdmin).filter((entry) => !entry.operatorOnly || manageReleases),
  })).filter((group) => group.entries.length > 0);
}
