// Built for Node by the shell-prerender compilation: the legal pages as static HTML, served to visitors
// without a session (privacy-policy.html, terms-of-service.html). They need no script: text and links.
import { Container, Link, Theme } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import PrivacyPolicyPage from './privacy-policy-page.tsx';
import TermsOfServicePage from './terms-of-service-page.tsx';

function PublicLegalPage({ children }: { children: ReactNode }) {
  return (
    <Theme accentColor="indigo" grayColor="gray">
      <Container size="3" px="4" pt="4">
        <Link href="/" size="2">
          Sign in
        </Link>
      </Container>
      <main>{children}</main>
    </Theme>
  );
}

/** The Privacy Policy's HTML for visitors without a session. */
export function renderPrivacyPolicyMarkup(): string {
  return renderToString(
    <PublicLegalPage>
      <PrivacyPolicyPage />
    </PublicLegalPage>,
  );
}

/** The Terms of Service's HTML for visitors without a session. */
export function renderTermsOfServiceMarkup(): string {
  return renderToString(
    <PublicLegalPage>
      <TermsOfServicePage />
    </PublicLegalPage>,
  );
}

/** Both pages, for the CSS subset of their stylesheet (legal-theme.ts keeps the classes they use). */
export function renderLegalMarkup(): string {
  return renderPrivacyPolicyMarkup() + renderTermsOfServiceMarkup();
}
