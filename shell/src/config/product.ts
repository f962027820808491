/** The product's name as shown in the interface; one constant shared with the remotes. */
export { PRODUCT_NAME } from '@annie/ui/product/product-name';

/**
 * Address of the footer's contact link (a mail link) and the legal pages. It is a placeholder; change it
 * here when the real mailbox is known.
 */
export const CONTACT_EMAIL = 'support@annieai.com';

/** Copyright year of the footer: the current year, read when the page renders it. */
export function copyrightYear(now = new Date()): number {
  return now.getFullYear();
}

/** Effective and last-updated date of both legal pages. */
export const LEGAL_PAGES_DATE = 'September 16, 2025';

/** Delay before the page reloads after a successful login or logout, so its notice is seen first. */
export const RELOAD_DELAY_MS = 500;

/** When the Privacy Policy last changed: it now lists what the product keeps (no audio recordings). */
export const PRIVACY_POLICY_UPDATED = 'November 29, 2026';
