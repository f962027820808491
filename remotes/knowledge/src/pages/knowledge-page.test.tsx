import { createQueryClient } from '@annie/api-client/query-client';
import type { Fact, Note } from '@annie/contracts/knowledge';
import { authRoutes, authUser } from '@annie/test-fixtures/auth-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { FACTS, knowledgeRoutes, NOTES } from '@annie/test-fixtures/knowledge-api';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import KnowledgePage from './knowledge-page.tsx';

type Api = { facts?: Fact[]; notes?: Note[]; isAdmin?: boolean; createFact?: number };

function stubApi({ facts, notes, isAdmin = false, createFact }: Api) {
  return stubFetch({
    ...authRoutes(authUser({ isAdmin })),
    ...knowledgeRoutes({ facts, notes, createFactStatus: createFact }),
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <KnowledgePage />
        <Toaster />
      </Theme>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Radix Themes repeats a tab's label in a visibility-hidden span (for sizing), which jsdom cannot see as hidden.
const tabName = (label: string, count: number) => new RegExp(`^(${label} \\(${count}\\))+$`);

describe('KnowledgePage', () => {
  it('shows the heading, the search box and the Facts tab first with counts', async () => {
    stubApi({});
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search knowledge base...')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: tabName('Facts', 2) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('tab', { name: tabName('Notes', 1) })).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Company revenue' });
    expect(within(card).getByRole('heading', { name: 'Company revenue' })).toBeInTheDocument();
    // The object's field in words, its number grouped: never JSON.
    expect(card).toHaveTextContent('Fy2024');
    expect(card).toHaveTextContent('12,500,000');
    expect(card).not.toHaveTextContent('"fy2024"');
    expect(card).not.toHaveTextContent('{');
    expect(card).toHaveTextContent('USD');
    expect(within(card).getByText('Needs review')).toBeInTheDocument();
    expect(card).toHaveTextContent('Version 2');
    expect(card).toHaveTextContent('Created Jan 5, 2026');
    const ceo = screen.getByRole('article', { name: 'Ceo name' });
    expect(ceo).toHaveTextContent('Margaret Holloway');
    expect(ceo).not.toHaveTextContent('"Margaret Holloway"');
    expect(ceo).toHaveTextContent('Approved Jan 6, 2026');
    expect(within(ceo).queryByText('Needs review')).not.toBeInTheDocument();
  });

  it('filters both tabs live and shows the search empty texts without the Add First buttons', async () => {
    stubApi({});
    const user = renderPage();
    await screen.findByRole('article', { name: 'Company revenue' });
    await user.type(screen.getByPlaceholderText('Search knowledge base...'), 'MARGARET');
    await waitFor(() => expect(screen.getByRole('tab', { name: tabName('Facts', 1) })).toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'Company revenue' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: tabName('Notes', 0) })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: tabName('Notes', 0) }));
    expect(screen.getByText('No notes match your search')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add First Note' })).not.toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search knowledge base...'));
    await user.type(screen.getByPlaceholderText('Search knowledge base...'), 'finance');
    expect(await screen.findByRole('article', { name: 'Board meeting' })).toBeInTheDocument();
  });

  it('shows the empty texts and Add First buttons when the lists are empty', async () => {
    stubApi({ facts: [], notes: [] });
    const user = renderPage();
    expect(await screen.findByText('No facts in knowledge base')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add First Fact' }));
    expect(screen.getByRole('dialog', { name: 'Add New Fact' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('tab', { name: tabName('Notes', 0) }));
    expect(screen.getByText('No notes in knowledge base')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add First Note' })).toBeInTheDocument();
  });

  it('renders a long list in steps, with Show more for the rest', async () => {
    const many = Array.from({ length: 75 }, (_, i) => ({
      ...(FACTS[1] as Fact),
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      key: `fact_${i}`,
    }));
    stubApi({ facts: many });
    const user = renderPage();
    expect(await screen.findByRole('tab', { name: tabName('Facts', 75) })).toBeInTheDocument();
    // Counted in the open tab's markup: a role query over dozens of cards is slow on a loaded machine.
    const factCards = () => screen.getByRole('tabpanel').querySelectorAll('article');
    expect(factCards()).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Show more (45)' }));
    expect(factCards()).toHaveLength(60);
  });

  it('shows Failed to load facts. with Retry, which loads them again', async () => {
    let factsUp = false;
    stubFetch({
      ...authRoutes(),
      ...knowledgeRoutes(),
      'GET /api/knowledge/facts': () =>
        factsUp ? { status: 200, body: FACTS } : { status: 500, body: { message: 'boom', code: 'internal' } },
    });
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load facts.');
    // A failed list has no count: "Facts (0)" would claim there are none.
    expect(screen.getByRole('tab', { name: /^(Facts)+$/ })).toBeInTheDocument();
    factsUp = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Company revenue' })).toBeInTheDocument();
  });

  it('offers Approve on unapproved facts to admins only', async () => {
    stubApi({ isAdmin: true });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Company revenue' });
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Approve Company revenue' })).toBeInTheDocument(),
    );
    const approved = screen.getByRole('article', { name: 'Ceo name' });
    expect(within(approved).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('hides Approve from regular users', async () => {
    stubApi({ isAdmin: false });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Company revenue' });
    expect(within(card).getByText('Needs review')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('creates a fact: closes the dialog and shows the success notice', async () => {
    const api = stubApi({});
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Fact' }));
    await user.type(screen.getByLabelText('Name'), 'k');
    await user.click(screen.getByRole('radio', { name: 'Number' }));
    await user.type(screen.getByLabelText('Value'), '7');
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(await screen.findByText('Fact created')).toBeInTheDocument();
    expect(screen.getByText('Knowledge fact has been added successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add New Fact' })).not.toBeInTheDocument(),
    );
    expect(api.requests('POST').map(({ path, body }) => [path, JSON.stringify(body)])).toEqual([
      ['/api/knowledge/facts', '{"key":"k","value":7,"shareable":false}'],
    ]);
  });

  it('shows Error / Failed to create fact and keeps the dialog open when the create fails', async () => {
    stubApi({ createFact: 500 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Fact' }));
    await user.type(screen.getByLabelText('Name'), 'k');
    await user.type(screen.getByLabelText('Value'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(await screen.findByText('Failed to create fact')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Fact' })).toBeInTheDocument();
  });

  it('shows no counts on the tabs while the lists load', async () => {
    stubApi({});
    renderPage();
    expect(screen.getByRole('tab', { name: /^(Facts)+$/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^(Notes)+$/ })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: tabName('Facts', 2) })).toBeInTheDocument();
  });

  it('deletes a note from its card, and Undo writes it back whole (its source too)', async () => {
    const api = stubApi({});
    const user = renderPage();
    await user.click(await screen.findByRole('tab', { name: tabName('Notes', 1) }));
    const card = screen.getByRole('article', { name: 'Board meeting' });
    await user.click(within(card).getByRole('button', { name: 'Delete Board meeting' }));
    expect(await screen.findByText('Note deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Note restored')).toBeInTheDocument();
    expect(api.requests().map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([`DELETE /api/knowledge/notes/${NOTES[0]?.id}`, 'POST /api/knowledge/notes']),
    );
    expect(api.requests('POST').find(({ path }) => path === '/api/knowledge/notes')?.body).toEqual({
      title: 'Board meeting',
      body: 'Quarterly review',
      tags: ['finance'],
      source: 'other',
      shareable: false,
    });
  });

  it('flags the later copies of a note that repeats an older one', async () => {
    const [note] = NOTES as [Note];
    const copy = {
      ...note,
      id: '0b5a8f1e-6a34-4c6f-8f60-8e3d4b2a1c78',
      createdAt: '2026-01-07T10:00:00.000Z',
    };
    stubApi({ notes: [copy, note] });
    const user = renderPage();
    await user.click(await screen.findByRole('tab', { name: tabName('Notes', 2) }));
    const [first, second] = screen.getAllByRole('article', { name: 'Board meeting' }) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('Duplicate')).toBeInTheDocument();
    expect(first).toHaveTextContent('Same as the note from Jan 5, 2026');
    expect(within(second).queryByText('Duplicate')).not.toBeInTheDocument();
  });
});
