/**
 * A fact key or field name in words: `company_revenue`, `companyRevenue` and `company-revenue` all read
 * "Company revenue". The stored key is unchanged (the assistant looks facts up by it).
 */
export function humanLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\-.\s]+/)
    .filter(Boolean)
    .map((word) => (word === word.toUpperCase() && word.length > 1 ? word : word.toLowerCase()));
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
