import { describe, expect, it } from 'vitest';
import { renderPrivacyPolicyMarkup, renderTermsOfServiceMarkup } from './legal-markup.tsx';

describe('the public legal pages', () => {
  it('render the privacy policy as static HTML with what the product keeps, and no recordings promise', () => {
    const html = renderPrivacyPolicyMarkup();
    expect(html).toContain('<h1');
    expect(html).toContain('Privacy Policy');
    expect(html).toContain('No audio recording of any call is kept');
    expect(html).toContain('stored encrypted');
    expect(html).toContain('Backups of the database');
    expect(html).not.toMatch(/recordings are deleted/i);
    expect(html).toContain('href="/"');
  });

  it('render the terms of service', () => {
    expect(renderTermsOfServiceMarkup()).toContain('Terms of Service');
  });
});
