import { z } from 'zod';
import { anyJsonSchema } from './json.ts';
import { limitQueryField } from './paging.ts';

/** Where a fact or note came from; also the search tool's `sources` filter. */
export const knowledgeSourceSchema = z.enum(['auwagenics', 'natural_house', 'other'], {
  error: 'Source must be one of auwagenics, natural_house, other',
});

const KEY_MAX = 200;
const UNIT_MAX = 50;
const TITLE_MAX = 300;
const BODY_MAX = 100_000;
const TAG_MAX = 50;
const TAGS_MAX = 50;

/** Largest page a list endpoint returns when asked for one. */
export const KNOWLEDGE_PAGE_MAX = 1000;
/** Default and largest number of search results. */
export const KNOWLEDGE_SEARCH_DEFAULT_LIMIT = 5;
export const KNOWLEDGE_SEARCH_MAX_LIMIT = 50;

/**
 * Any JSON value, null included. A missing value is refused, so `{value: null}` and `{}` stay distinct.
 */
export const jsonValueSchema = z
  .custom<unknown>((value) => value !== undefined, { error: 'Value is required' })
  .pipe(z.json({ error: 'Value must be a JSON value' }));

const unitSchema = z
  .string({ error: 'Unit must be text' })
  .trim()
  .max(UNIT_MAX, `Unit must be at most ${UNIT_MAX} characters`);

const tagsSchema = z
  .array(
    z
      .string({ error: 'Tags must be text' })
      .trim()
      .min(1, 'Tags must not be empty')
      .max(TAG_MAX, `Tags must be at most ${TAG_MAX} characters each`),
    { error: 'Tags must be a list of text' },
  )
  .max(TAGS_MAX, `At most ${TAGS_MAX} tags`);

/** Body of POST /api/knowledge/facts. An existing key gets a new version instead of a second fact. */
export const createFactRequestSchema = z
  .object({
    key: z
      .string({ error: 'Key is required' })
      .trim()
      .min(1, 'Key is required')
      .max(KEY_MAX, `Key must be at most ${KEY_MAX} characters`),
    value: jsonValueSchema,
    unit: unitSchema.nullable().optional(),
    source: knowledgeSourceSchema.optional(),
    /** May answers sent without the executive's review (auto-replies) use it? Off by default. */
    shareable: z.boolean({ error: 'shareable must be true or false' }).optional(),
  })
  .strict();

/** Body of PATCH /api/knowledge/facts/:id; a changed value or unit creates the next version. */
export const updateFactRequestSchema = z
  .object({
    value: jsonValueSchema.optional(),
    unit: unitSchema.nullable().optional(),
    source: knowledgeSourceSchema.optional(),
    shareable: z.boolean({ error: 'shareable must be true or false' }).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    error: 'Provide a value, unit, source or shareable to change',
  });

/**
 * A fact as listed: its latest version. Times are ISO 8601 in UTC. Response contracts here are exact
 * (unknown keys refused), so a test that parses a response fails when the server's shape drifts.
 */
export const factSchema = z.strictObject({
  id: z.uuid(),
  key: z.string(),
  value: anyJsonSchema,
  unit: z.string().nullable(),
  version: z.number().int().min(1),
  source: knowledgeSourceSchema,
  /** Automatic replies (sent without review) may use it. */
  shareable: z.boolean(),
  /** When this version was created. */
  createdAt: z.iso.datetime(),
  approvedAt: z.iso.datetime().nullable(),
});

/** One stored version of a fact (GET /api/knowledge/facts/:key/versions, newest first). */
export const factVersionSchema = z.strictObject({
  id: z.uuid(),
  factId: z.uuid(),
  key: z.string(),
  version: z.number().int().min(1),
  value: anyJsonSchema,
  unit: z.string().nullable(),
  createdAt: z.iso.datetime(),
  approvedAt: z.iso.datetime().nullable(),
});

/** Body of POST /api/knowledge/notes. */
export const createNoteRequestSchema = z
  .object({
    title: z
      .string({ error: 'Title is required' })
      .trim()
      .min(1, 'Title is required')
      .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    body: z
      .string({ error: 'Body is required' })
      .trim()
      .min(1, 'Body is required')
      .max(BODY_MAX, `Body must be at most ${BODY_MAX} characters`),
    tags: tagsSchema.default([]),
    source: knowledgeSourceSchema.optional(),
    /** May answers sent without the executive's review (auto-replies) use it? Off by default. */
    shareable: z.boolean({ error: 'shareable must be true or false' }).optional(),
  })
  .strict();

/** Body of PATCH /api/knowledge/notes/:id. */
export const updateNoteRequestSchema = createNoteRequestSchema
  .extend({ tags: tagsSchema })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    error: 'Provide a title, body, tags, source or shareable to change',
  });

/** A knowledge note. */
export const noteSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  source: knowledgeSourceSchema,
  /** Automatic replies (sent without review) may use it. */
  shareable: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** Query of GET /api/knowledge/facts and /notes: everything by default, or one page. */
export const knowledgeListQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(KNOWLEDGE_PAGE_MAX, `Limit must be at most ${KNOWLEDGE_PAGE_MAX}`)
      .optional(),
    offset: z.coerce
      .number({ error: 'Offset must be a number' })
      .int('Offset must be a whole number')
      .min(0, 'Offset must not be negative')
      .default(0),
  })
  .strict();

/** Query of GET /api/knowledge/search; `sources` is comma-separated or repeated. */
export const knowledgeSearchQuerySchema = z
  .object({
    q: z
      .string({ error: 'Query is required' })
      .trim()
      .min(1, 'Query is required')
      .max(500, 'Query must be at most 500 characters'),
    sources: z
      .preprocess(
        (raw) =>
          (Array.isArray(raw) ? raw : [raw])
            .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
            .map((item) => (typeof item === 'string' ? item.trim() : item))
            .filter((item) => item !== ''),
        z.array(knowledgeSourceSchema),
      )
      .optional(),
    limit: limitQueryField(KNOWLEDGE_SEARCH_DEFAULT_LIMIT, KNOWLEDGE_SEARCH_MAX_LIMIT),
  })
  .strict();

const searchHitBase = {
  id: z.uuid(),
  /** The matching text, short enough for the assistant to read aloud. */
  snippet: z.string(),
  source: knowledgeSourceSchema,
  /** Higher is better; hits matching every term come first. */
  score: z.number(),
};

/** One search hit: a fact (by key) or a note (by title). */
export const knowledgeSearchResultSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fact'), key: z.string(), ...searchHitBase }),
  z.strictObject({ type: z.literal('note'), title: z.string(), ...searchHitBase }),
]);

/** Body of GET /api/knowledge/search: best first. */
export const knowledgeSearchResponseSchema = z.strictObject({
  results: z.array(knowledgeSearchResultSchema),
});

export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;
export type JsonValue = z.infer<typeof factSchema>['value'];
export type CreateFactRequest = z.infer<typeof createFactRequestSchema>;
export type UpdateFactRequest = z.infer<typeof updateFactRequestSchema>;
export type Fact = z.infer<typeof factSchema>;
export type FactVersion = z.infer<typeof factVersionSchema>;
export type CreateNoteRequest = z.input<typeof createNoteRequestSchema>;
export type UpdateNoteRequest = z.input<typeof updateNoteRequestSchema>;
export type Note = z.infer<typeof noteSchema>;
export type KnowledgeListQuery = z.input<typeof knowledgeListQuerySchema>;
type ParsedSearchQuery = z.infer<typeof knowledgeSearchQuerySchema>;
/** What a caller passes to the search: the limit is optional (default 5). */
export type KnowledgeSearchQuery = Omit<ParsedSearchQuery, 'limit'> &
  Partial<Pick<ParsedSearchQuery, 'limit'>>;
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResultSchema>;
export type KnowledgeSearchResponse = z.infer<typeof knowledgeSearchResponseSchema>;
