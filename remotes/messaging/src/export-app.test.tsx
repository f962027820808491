import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pages from './export-app.tsx';
import { contactEntry } from './testing/contact-entry.ts';
import { renderPage } from './testing/render-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the ./app module', () => {
  // This file's own module state: nothing here has fetched the phone formatter before the page is opened.
  it('opens a page with the phone formatter already there: numbers abroad are formatted at once', async () => {
    stubFetch({
      'GET /api/contacts': {
        status: 200,
        body: [
          contactEntry('Jean Dupont', { phonePrimary: '+33123456789' }),
          contactEntry('Rita Reader', { phonePrimary: '+442079460958' }),
          contactEntry('Bob Jones', { phonePrimary: '+14155552672' }),
        ],
      },
    });
    renderPage(
      <Suspense fallback={<p>Loading page</p>}>
        <pages.contacts />
      </Suspense>,
      '/contacts',
    );
    expect(await screen.findByRole('listitem', { name: 'Jean Dupont' })).toHaveTextContent(
      '+33 1 23 45 67 89',
    );
    expect(screen.getByRole('listitem', { name: 'Rita Reader' })).toHaveTextContent('+44 20 7946 0958');
    expect(screen.getByRole('listitem', { name: 'Bob Jones' })).toHaveTextContent('(415) 555-2672');
  }, 20_000);
});
