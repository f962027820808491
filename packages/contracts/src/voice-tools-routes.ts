// The voice tools' server side reached over HTTP: the web_search tool.
import { route } from './route.ts';
import { webSearchRequestSchema, webSearchResponseSchema } from './voice-tools.ts';

export const webSearch = route({
  method: 'post',
  path: '/api/voice/web-search',
  summary: 'Search the web for the assistant (the web_search voice tool)',
  description: 'A short answer to read aloud and the pages it cites, from OpenAI’s web search tool.',
  access: 'signed-in',
  body: webSearchRequestSchema,
  responses: { 200: { description: 'The answer and its sources', schema: webSearchResponseSchema } },
  errors: {
    402: "This month's usage budget is spent and the tenant's hard stop pauses web searches",
    429: 'Too many web searches this hour; Retry-After says when to try again',
    502: 'OpenAI failed or refused the search',
    503: 'Web search is not configured (OPENAI_API_KEY), or the database is briefly unavailable',
  },
});
