import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactEntry } from '../testing/contact-entry.ts';
import { renderPage } from '../testing/render-page.tsx';
import ContactsPage from './contacts-page.tsx';

const contact = contactEntry;

const mom = contact('Margaret Smith', {
  nickname: 'Mom',
  relationship: 'family',
  phonePrimary: '+14155552671',
  email: 'mags@example.com',
  isFavorite: true,
});
const bob = contact('Bob Jones', { relationship: 'work', phonePrimary: '+14155552672' });

afterEach(() => vi.unstubAllGlobals());

/** Shows the address the page is at (the router's, in memory). */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="Address">{`${pathname}${search}`}</output>;
}

describe('ContactsPage', () => {
  it('groups Favorites first, then letters, with the row details and buttons', async () => {
    stubFetch({ 'GET /api/contacts': { status: 200, body: [bob, mom] } });
    renderPage(<ContactsPage />, '/contacts');
    const row = await screen.findByRole('listitem', { name: 'Margaret Smith' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Favorites', 'B']);
    expect(row).toHaveTextContent('"Mom"');
    expect(row).toHaveTextContent('(415) 555-2671');
    expect(row).toHaveTextContent('Family');
    expect(within(row).getByRole('link', { name: 'Message Margaret Smith' })).toHaveAttribute(
      'href',
      '/sms/%2B14155552671',
    );
    expect(within(row).getByRole('link', { name: 'Email Margaret Smith' })).toHaveAttribute(
      'href',
      'mailto:mags@example.com',
    );
  });

  it('searches on the server once typing pauses: by nickname, by phone digits', async () => {
    const { requests } = stubFetch({
      'GET /api/contacts': ({ query }) => {
        const q = query.get('q');
        return { status: 200, body: q === 'mom' || q === '555-2671' ? [mom] : q ? [] : [bob, mom] };
      },
    });
    const user = renderPage(<ContactsPage />, '/contacts');
    await screen.findByRole('listitem', { name: 'Bob Jones' });
    await user.type(screen.getByPlaceholderText('Search contacts...'), 'mom');
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Bob Jones' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('listitem', { name: 'Margaret Smith' })).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search contacts...'));
    await user.type(screen.getByPlaceholderText('Search contacts...'), '555-2671');
    await waitFor(() =>
      expect(requests('GET').map((request) => request.query.get('q'))).toContain('555-2671'),
    );
    await user.type(screen.getByPlaceholderText('Search contacts...'), '9');
    expect(await screen.findByText('No matching contacts')).toBeInTheDocument();
    // One request per pause in typing, not one per key.
    const searches = requests('GET').filter((request) => request.path === '/api/contacts');
    expect(searches.map((request) => request.query.get('q'))).toEqual([null, 'mom', '555-2671', '555-26719']);
  }, 20_000);

  it('the call button asks what the call is for first (no tel: link), without opening the contact', async () => {
    const ada = contact('Ada Lovelace', { email: 'ada@example.com' });
    const { requests } = stubFetch({
      'GET /api/contacts': { status: 200, body: [bob, mom, ada] },
      'POST /api/annie/call/start': { status: 201, body: { id: 'c0000000-0000-4000-8000-000000000001' } },
    });
    const user = renderPage(<ContactsPage />, '/contacts');
    const row = await screen.findByRole('listitem', { name: 'Margaret Smith' });
    expect(within(row).queryByRole('link', { name: 'Call Margaret Smith' })).not.toBeInTheDocument();
    // No phone, no call button.
    const noPhone = screen.getByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(noPhone).queryByRole('button', { name: 'Call Ada Lovelace' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Call Margaret Smith' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Margaret Smith' });
    // Nothing is dialled until the purpose is given and the call confirmed.
    expect(requests('POST')).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'Ask about Sunday lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Call Margaret Smith' }));
    expect(await screen.findByRole('dialog', { name: 'Call with Margaret Smith' })).toBeInTheDocument();
    expect(requests('POST').map((request) => [request.path, request.body])).toEqual([
      ['/api/annie/call/start', { to: '+14155552671', message: 'Ask about Sunday lunch' }],
    ]);
    // Still on Contacts (behind the modal call panel): the row's click did not open the contact.
    expect(screen.getByRole('listitem', { name: 'Margaret Smith', hidden: true })).toBeInTheDocument();
  }, 20_000);

  it("shows the server's reason when the call is refused (a call already in progress)", async () => {
    stubFetch({
      'GET /api/contacts': { status: 200, body: [bob] },
      'POST /api/annie/call/start': {
        status: 409,
        body: {
          message: 'A call to this number is already in progress',
          code: 'duplicate_call',
          duplicate: true,
        },
      },
    });
    const user = renderPage(<ContactsPage />, '/contacts');
    await user.click(await screen.findByRole('button', { name: 'Call Bob Jones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Bob Jones' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Purpose' }), 'Move the review');
    await user.click(within(dialog).getByRole('button', { name: 'Call Bob Jones' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A call to this number is already in progress',
    );
  }, 20_000);

  it('shows the empty state', async () => {
    stubFetch({
      'GET /api/contacts': { status: 200, body: [] },
      'GET /api/settings': { status: 200, body: { assistantName: 'Edmund' } },
    });
    renderPage(<ContactsPage />, '/contacts');
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
    // The assistant's name is the settings' (the active profile's), as on the home greeting.
    expect(await screen.findByText('Add contacts for Edmund to remember')).toBeInTheDocument();
  });

  it('Add Contact: says "Name is required", refuses a bad email, then adds, closes and resets', async () => {
    const { requests } = stubFetch({
      'GET /api/contacts': { status: 200, body: [] },
      'POST /api/contacts': ({ body }) => ({
        status: 201,
        body: { ...contact('Ada').contact, ...(body as object) },
      }),
    });
    const user = renderPage(<ContactsPage />, '/contacts');
    await user.click(await screen.findByRole('button', { name: 'Add contact' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name *'), 'Ada');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(within(dialog).getByText('Email must be a valid email address')).toBeInTheDocument();
    expect(requests('POST')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Contact added successfully!')).toBeInTheDocument();
    expect(requests('POST')[0]?.body).toMatchObject({
      name: 'Ada',
      relationship: 'other',
      preferredChannel: 'sms',
      smsPreference: 'ask_first',
      isFavorite: false,
    });
    expect(screen.queryByRole('dialog', { name: 'Add Contact' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByLabelText('Name *')).toHaveValue('');
  }, 20_000);

  it("shows the server's message when adding fails", async () => {
    stubFetch({
      'GET /api/contacts': { status: 200, body: [] },
      'POST /api/contacts': {
        status: 409,
        body: { message: 'Margaret Smith already has the phone number', code: 'conflict' },
      },
    });
    const user = renderPage(<ContactsPage />, '/contacts');
    await user.click(await screen.findByRole('button', { name: 'Add contact' }));
    await user.type(screen.getByLabelText('Name *'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Margaret Smith already has the phone number')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Contact' })).toBeInTheDocument();
  });

  it('"Add to contacts" links (?add=) open Add Contact with the number, once, and leave the address clean', async () => {
    const { requests } = stubFetch({
      'GET /api/contacts': { status: 200, body: [bob] },
      'POST /api/contacts': ({ body }) => ({
        status: 201,
        body: { ...contact('Ada').contact, ...(body as object) },
      }),
    });
    const user = renderPage(
      <>
        <ContactsPage />
        <Address />
      </>,
      '/contacts?add=%2B442079460958&from=calls',
      '/contacts',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    expect(within(dialog).getByLabelText('Phone')).toHaveValue('+442079460958');
    // The parameter is used up: only it leaves the address.
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address', hidden: true })).toHaveTextContent(
        /^\/contacts\?from=calls$/,
      ),
    );
    await user.type(within(dialog).getByLabelText('Name *'), 'Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText('Contact added successfully!')).toBeInTheDocument();
    expect(requests('POST')[0]?.body).toMatchObject({ name: 'Ada', phonePrimary: '+442079460958' });
    // The Add button starts from an empty form again, and nothing reopens it by itself.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
  }, 20_000);

  it('a blank ?add= opens nothing and is dropped from the address', async () => {
    stubFetch({ 'GET /api/contacts': { status: 200, body: [bob] } });
    renderPage(
      <>
        <ContactsPage />
        <Address />
      </>,
      '/contacts?add=',
      '/contacts',
    );
    await screen.findByRole('listitem', { name: 'Bob Jones' });
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/contacts$/),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
