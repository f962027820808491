import { describe, expect, it } from 'vitest';
import { noteAsCreateRequest, noteFormValues, parseTags, toNoteRequest } from './note-form.ts';

describe('parseTags', () => {
  it('splits on commas, trims each tag and drops empties', () => {
    expect(parseTags(' board , finance,, ,follow-up ,')).toEqual(['board', 'finance', 'follow-up']);
  });

  it('gives no tags for an empty field', () => {
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ')).toEqual([]);
  });
});

describe('toNoteRequest', () => {
  it('sends title, body and the parsed tags', () => {
    expect(toNoteRequest({ title: ' Plan ', body: 'Line 1\nLine 2', tags: 'a, b', shareable: true })).toEqual(
      {
        title: 'Plan',
        body: 'Line 1\nLine 2',
        tags: ['a', 'b'],
        shareable: true,
      },
    );
  });
});

describe('noteFormValues', () => {
  it('shows tags comma-separated for editing', () => {
    const note = {
      id: '7b0e4c8e-3f51-4c3e-9d8e-2f1f5a0c9b11',
      title: 't',
      body: 'b',
      tags: ['x', 'y'],
      source: 'other' as const,
      shareable: false,
      createdAt: '2026-01-05T15:04:00.000Z',
      updatedAt: '2026-01-05T15:04:00.000Z',
    };
    expect(noteFormValues(note).tags).toBe('x, y');
    expect(parseTags(noteFormValues(note).tags)).toEqual(note.tags);
  });
});

describe('noteAsCreateRequest (Undo after a delete)', () => {
  it('keeps every field the create request takes, its source too, and drops the stored ones', () => {
    const note = {
      id: 'n1',
      title: 'Board dinner',
      body: 'Thursday at eight',
      tags: ['board'],
      source: 'natural_house' as const,
      shareable: true,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-02T10:00:00.000Z',
    };
    expect(noteAsCreateRequest(note)).toEqual({
      title: 'Board dinner',
      body: 'Thursday at eight',
      tags: ['board'],
      source: 'natural_house',
      shareable: true,
    });
  });
});
