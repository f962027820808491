/** The product's name as shown in the interface (spec: "{product}"); one constant shared with the remotes. */
export { PRODUCT_NAME } from '@annie/ui/product/product-name';

/** The assistant persona's first name (spec part 2: the spoken persona is labelled James). */
export const ASSISTANT_FIRST_NAME = 'James';

/**
 * Address of the footer's contact link and the legal pages. The spec requires a mail link but names no
 * address; change it here when the real mailbox is known.
 */
export const CONTACT_EMAIL = 'support@annieai.com';

/** Copyright year of the footer: the current year, read when the page renders it. */
export function copyrightYear(now = new Date()): number {
  return now.getFullYear();
}

/** Effective and last-updated date of both legal pages (spec part 2 §2.8). */
export const LEGAL_PAGES_DATE = 'September 16, 2025';

/** Delay before the page reloads after a successful login or logout (spec part 1 §9). */
export const RELOAD_DELAY_MS = 500;
