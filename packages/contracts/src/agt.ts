// AGT: the chemistry-formulation provider, the outside service behind the lab (formulations, compliance
// checks, green scores, water analysis, supplier search) and the agt_ voice tools, at AGT_BASE_URL. What
// the three letters abbreviate is written nowhere in this repository, its docs or its issues.
import { z } from 'zod';

/** The chemistry provider's POST paths the proxy forwards; nothing else is reachable. */
export const AGT_POST_PATHS = [
  '/formulation/generate',
  '/copilot/chat',
  '/compliance/check',
  '/green-score/calculate',
  '/water/analyze',
  '/parse-document',
  '/copilot/set-conservatism',
  '/water/generate-report',
  '/ingredients/ewg-batch-ratings',
] as const;

/** The one GET path: `/suppliers/search/{chemical_name}`, with the name as its last segment. */
export const AGT_SUPPLIER_SEARCH_PREFIX = '/suppliers/search/';

/**
 * What a chemical name may contain, here and in a supplier-search job: letters, digits, spaces and
 * `, ( ) + ' -`, starting with a letter or digit. No `/`, `.`, `%`, `?`, `#` or `\`, so a name can never
 * change which provider path is called.
 */
export const CHEMICAL_NAME_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 ,()+'-]{0,98}[A-Za-z0-9)])?$/;

export const agtMethodSchema = z.enum(['GET', 'POST'], { error: 'Method must be GET or POST' });

/** Body of POST /api/agt/proxy; the path is checked against the mapped paths by the server. */
export const agtProxyRequestSchema = z
  .object({
    path: z.string({ error: 'Path is required' }).min(1, 'Path is required').max(300, 'Path is too long'),
    method: agtMethodSchema,
    body: z.unknown().optional(),
  })
  .strict();

export type AgtMethod = z.infer<typeof agtMethodSchema>;
export type AgtPostPath = (typeof AGT_POST_PATHS)[number];
export type AgtProxyRequest = z.infer<typeof agtProxyRequestSchema>;
