import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page.tsx';
import ConversationsPage from './conversations-page.tsx';

const ID = '7b0e4c8e-3f51-4c3e-9d8e-2f1f5a0c9b11';
const startedAt = new Date(2025, 0, 5, 15, 4).toISOString();
const summary = { id: ID, title: null, startedAt, endedAt: null, messageCount: 2 };
const detail = {
  ...summary,
  messages: [
    {
      id: 'a0000000-0000-4000-8000-000000000001',
      role: 'user',
      content: 'Any meetings today?',
      timestamp: startedAt,
    },
    {
      id: 'a0000000-0000-4000-8000-000000000002',
      role: 'assistant',
      content: 'The board at 10.',
      timestamp: startedAt,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('ConversationsPage', () => {
  it('names an untitled conversation by its start, and labels speakers You and the configured assistant', async () => {
    stubFetch({
      'GET /api/voice/conversations': { status: 200, body: [summary] },
      [`GET /api/voice/conversations/${ID}`]: { status: 200, body: detail },
      'GET /api/settings': { status: 200, body: { assistantName: 'Jeeves' } },
    });
    const user = renderPage(<ConversationsPage />, '/conversations');
    expect(screen.getByRole('heading', { level: 1, name: 'Conversation History' })).toBeInTheDocument();
    expect(screen.getByText('Select a conversation from the list to view messages')).toBeInTheDocument();
    const row = await screen.findByRole('button', { name: /Jan 5, 2025 3:04 PM/ });
    expect(row).toHaveTextContent('2 messages');
    await user.click(row);
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('You')).toBeInTheDocument();
    expect(await within(messages).findByText('Jeeves')).toBeInTheDocument();
  }, 20_000);

  it('shows "No conversations yet"', async () => {
    stubFetch({ 'GET /api/voice/conversations': { status: 200, body: [] } });
    renderPage(<ConversationsPage />, '/conversations');
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
  });

  it('deletes through the Delete Conversation dialog, then clears the selection', async () => {
    const { requests } = stubFetch({
      'GET /api/voice/conversations': { status: 200, body: [summary] },
      [`GET /api/voice/conversations/${ID}`]: { status: 200, body: detail },
      [`DELETE /api/voice/conversations/${ID}`]: { status: 200, body: { id: ID, deleted: true } },
    });
    const user = renderPage(<ConversationsPage />, '/conversations');
    await user.click(await screen.findByRole('button', { name: /Jan 5, 2025/ }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Conversation' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this conversation? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Select a conversation')).toBeInTheDocument();
    expect(requests('DELETE').length > 0).toBe(true);
  }, 20_000);
});
