import type { Fact, Note } from '@annie/api-client/contracts/knowledge';
import { createQueryClient } from '@annie/api-client/query-client';
import { authRoutes, authUser } from '@annie/api-client/testing/auth-api';
import { stubFetch } from '@annie/api-client/testing/fetch-stub';
import { FACTS, knowledgeRoutes } from '@annie/api-client/testing/knowledge-api';
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
    const card = screen.getByRole('article', { name: 'company_revenue' });
    expect(card).toHaveTextContent('"fy2024": 12500000');
    expect(card).toHaveTextContent('USD');
    expect(card).toHaveTextContent('Version 2');
    expect(card).toHaveTextContent('Created Jan 5, 2026');
    expect(screen.getByRole('article', { name: 'ceo_name' })).toHaveTextContent('Approved Jan 6, 2026');
  });

  it('filters both tabs live and shows the search empty texts without the Add First buttons', async () => {
    stubApi({});
    const user = renderPage();
    await screen.findByRole('article', { name: 'company_revenue' });
    await user.type(screen.getByPlaceholderText('Search knowledge base...'), 'MARGARET');
    await waitFor(() => expect(screen.getByRole('tab', { name: tabName('Facts', 1) })).toBeInTheDocument());
    expect(screen.queryByRole('article', { name: 'company_revenue' })).not.toBeInTheDocument();
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
    factsUp = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'company_revenue' })).toBeInTheDocument();
  });

  it('offers Approve on unapproved facts to admins only', async () => {
    stubApi({ isAdmin: true });
    renderPage();
    const card = await screen.findByRole('article', { name: 'company_revenue' });
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument());
    const approved = screen.getByRole('article', { name: 'ceo_name' });
    expect(within(approved).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('hides Approve from regular users', async () => {
    stubApi({ isAdmin: false });
    renderPage();
    const card = await screen.findByRole('article', { name: 'company_revenue' });
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('creates a fact: closes the dialog and shows the success notice', async () => {
    const api = stubApi({});
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Fact' }));
    await user.type(screen.getByLabelText('Key'), 'k');
    await user.type(screen.getByLabelText('Value (JSON format)'), '7');
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
    await user.type(screen.getByLabelText('Key'), 'k');
    await user.type(screen.getByLabelText('Value (JSON format)'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create Fact' }));
    expect(await screen.findByText('Failed to create fact')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Fact' })).toBeInTheDocument();
  });
});
