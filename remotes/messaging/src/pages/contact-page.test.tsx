import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactEntry } from '../testing/contact-entry.ts';
import { renderPage } from '../testing/render-page.tsx';
import ContactPage from './contact-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const harold = contactEntry('Harold Finch', { phonePrimary: '+14155552671' }).contact;
const path = `/contacts/${harold.id}`;
const nothingYet = { status: 200, body: [] };

/**
 * The contact page's API: the contact (as last saved), no thread yet (404), empty history; `threadDelay`
 * holds the thread's answer back, as a loaded server does while the contact itself comes back at once.
 */
function contactApi(threadDelay = 0) {
  let stored = harold;
  let saves = 0;
  return stubFetch({
    'GET /api/contacts/:id': () => ({ status: 200, body: stored }),
    'PATCH /api/contacts/:id': ({ body }) => {
      saves += 1;
      stored = { ...stored, ...(body as object), updatedAt: `2025-01-06T10:00:0${saves}.000Z` };
      return { status: 200, body: stored };
    },
    'GET /api/sms/threads/:phone': async () => {
      await new Promise((resolve) => setTimeout(resolve, threadDelay));
      return { status: 404, body: { message: 'Thread not found', code: 'not_found' } };
    },
    'GET /api/call-sessions': nothingYet,
    'GET /api/call-messages': nothingYet,
    'GET /api/pending-actions': { status: 200, body: { items: [] } },
  });
}

describe('ContactPage', () => {
  // The editor is remounted from each saved version (its key is updatedAt); the save's notice must not
  // depend on which of the refetches after the save lands first.
  it('says "Contact updated" after Save even when the saved contact comes back before the rest', async () => {
    const { requests } = contactApi(300);
    const user = renderPage(<ContactPage />, path, '/contacts/:id');
    const name = await screen.findByLabelText('Name *');
    await user.clear(name);
    await user.type(name, 'Harold Wren');
    await user.type(screen.getByLabelText('Notes'), 'Text first');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Contact updated')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Harold Wren' })).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('Text first');
    expect(requests('PATCH')[0]?.body).toMatchObject({
      name: 'Harold Wren',
      notes: 'Text first',
    });
  }, 20_000);

  it('says so after the star is pressed, and the form keeps the new favourite', async () => {
    const { requests } = contactApi(300);
    const user = renderPage(<ContactPage />, path, '/contacts/:id');
    await user.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    expect(await screen.findByText('Added to favorites')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests('PATCH')).toHaveLength(2));
    // Saving the form afterwards does not take the star back.
    expect(requests('PATCH')[1]?.body).toMatchObject({ isFavorite: true });
  }, 20_000);
});
