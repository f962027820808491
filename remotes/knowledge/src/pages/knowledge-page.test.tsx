import { createQueryClient } from '@annie/api-client/query-client';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import KnowledgePage from './knowledge-page.tsx';

const created = '2026-01-05T15:04:00.000Z';
const facts = [
  {
    id: '7b0e4c8e-3f51-4c3e-9d8e-2f1f5a0c9b11',
    key: 'company_revenue',
    value: { fy2024: 12500000 },
    unit: 'USD',
    version: 2,
    source: 'other',
    createdAt: created,
    approvedAt: null,
  },
  {
    id: '1c9d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    key: 'ceo_name',
    value: 'Margaret Holloway',
    unit: null,
    version: 1,
    source: 'other',
    createdAt: created,
    approvedAt: '2026-01-06T09:30:00.000Z',
  },
];
const notes = [
  {
    id: '0b5a8f1e-6a34-4c6f-8f60-8e3d4b2a1c77',
    title: 'Board meeting',
    body: 'Quarterly review',
    tags: ['finance'],
    source: 'other',
    createdAt: created,
    updatedAt: created,
  },
];

type Api = { facts?: unknown[]; notes?: unknown[]; isAdmin?: boolean; createFact?: number };

function stubApi({
  facts: factList = facts,
  notes: noteList = notes,
  isAdmin = false,
  createFact = 201,
}: Api) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input).split('?')[0];
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/auth/user')
      return json(200, { id: 'u1', username: 'ada', email: null, isAdmin, tenantId: 'default' });
    if (url === '/api/knowledge/facts' && init?.method === 'POST') {
      return createFact === 201
        ? json(201, facts[0])
        : json(createFact, { message: 'boom', code: 'internal' });
    }
    if (url === '/api/knowledge/facts') return json(200, factList);
    if (url === '/api/knowledge/notes') return json(200, noteList);
    return json(404, { message: 'Not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
      ...facts[1],
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      key: `fact_${i}`,
    }));
    stubApi({ facts: many });
    const user = renderPage();
    expect(await screen.findByRole('tab', { name: tabName('Facts', 75) })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Show more (45)' }));
    expect(screen.getAllByRole('article')).toHaveLength(60);
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
    const fetchMock = stubApi({});
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
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[1]?.body).toBe('{"key":"k","value":7}');
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
