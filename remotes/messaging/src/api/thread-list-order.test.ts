import type { SmsThreadPages } from '@annie/api-client/sms/use-sms-threads';
import type { SmsThreadSummary } from '@annie/contracts/sms';
import { describe, expect, it } from 'vitest';
import { mergeThreadPages, mergeThreads } from './thread-list-order.ts';

function thread(id: string, lastMessageAt: string | null, family = false): SmsThreadSummary {
  return {
    id,
    phoneE164: `+1415555${id.padStart(4, '0')}`,
    displayName: id,
    lastMessageAt,
    optedOut: false,
    responsePreference: 'ask_first',
    contact: family
      ? { id: `c${id}`, name: id, nickname: null, relationship: 'family', isFavorite: false, photoUrl: null }
      : null,
    meta: { lastMessage: null, unreadCount: 0, pendingDraft: null },
  } as SmsThreadSummary;
}

const ids = (list: SmsThreadSummary[]) => list.map((t) => t.id);

describe('mergeThreads', () => {
  const list = [
    thread('1', '2026-01-01T10:00:00.000Z', true),
    thread('2', '2026-01-03T10:00:00.000Z'),
    thread('3', '2026-01-02T10:00:00.000Z'),
    thread('4', null),
  ];

  it('moves a thread with a new message up, but never above family', () => {
    const merged = mergeThreads(list, [thread('3', '2026-01-04T10:00:00.000Z')]);
    expect(ids(merged)).toEqual(['1', '3', '2', '4']);
  });

  it('adds a thread it did not have, in order, and keeps the unchanged rows as they were', () => {
    const merged = mergeThreads(list, [thread('5', '2026-01-02T12:00:00.000Z')]);
    expect(ids(merged)).toEqual(['1', '2', '5', '3', '4']);
    expect(merged[1]).toBe(list[1]);
  });

  it('replaces a thread in place when its order does not change (a read, a draft)', () => {
    const read = { ...thread('2', '2026-01-03T10:00:00.000Z'), displayName: 'Read' };
    const merged = mergeThreads(list, [read]);
    expect(ids(merged)).toEqual(['1', '2', '3', '4']);
    expect(merged[1]?.displayName).toBe('Read');
  });
});

describe('mergeThreadPages', () => {
  const pages: SmsThreadPages = {
    pages: [
      {
        items: [thread('1', '2026-01-05T10:00:00.000Z'), thread('2', '2026-01-04T10:00:00.000Z')],
        next: '/p2',
      },
      { items: [thread('3', '2026-01-03T10:00:00.000Z')], next: '/p3' },
    ],
    pageParams: ['/p1', '/p2'],
  };

  it('merges into the loaded pages as one, keeping the next page to fetch', () => {
    const merged = mergeThreadPages(pages, [thread('3', '2026-01-06T10:00:00.000Z')]);
    expect(merged.pages).toHaveLength(1);
    expect(ids(merged.pages[0]?.items ?? [])).toEqual(['3', '1', '2']);
    expect(merged.pages[0]?.next).toBe('/p3');
    expect(merged.pageParams).toEqual(['/p1']);
  });

  it('leaves a changed thread that sorts past the loaded ones to the next pages', () => {
    const merged = mergeThreadPages(pages, [thread('9', '2026-01-01T10:00:00.000Z')]);
    expect(ids(merged.pages[0]?.items ?? [])).toEqual(['1', '2', '3']);
    const last: SmsThreadPages = {
      pageParams: ['/p1'],
      pages: [{ items: [thread('3', '2026-01-03T10:00:00.000Z')], next: null }],
    };
    expect(
      ids(mergeThreadPages(last, [thread('9', '2026-01-01T10:00:00.000Z')]).pages[0]?.items ?? []),
    ).toEqual(['3', '9']);
  });
});
