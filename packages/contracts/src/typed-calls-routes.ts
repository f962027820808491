// The simple call page's typed calls: start one, send it a message.
import { assistRequestSchema, assistResponseSchema, startCallResponseSchema } from './calls.ts';
import { route } from './route.ts';

/** A typed message sent to a call that has ended. */
export const CALL_ENDED = 'This call has ended';
/** The 503 message of POST /api/voice/assist when OpenAI is not configured. */
export const ASSIST_NOT_CONFIGURED = 'Voice assist is not configured: set OPENAI_API_KEY';

const BUDGET_SPENT = "The month's usage budget is spent and the tenant's hard stop refuses new calls";

export const startCall = route({
  method: 'post',
  path: '/api/calls/start',
  summary: 'Start a call on the simple call page (channel web)',
  access: 'signed-in',
  responses: { 201: { description: 'The call id', schema: startCallResponseSchema } },
  errors: { 402: BUDGET_SPENT },
});

export const assist = route({
  method: 'post',
  path: '/api/voice/assist',
  summary: 'Answer a message typed during one of the caller’s calls (simple call page)',
  description:
    'The reply comes from OpenAI with the tenant’s persona and the knowledge base’s top matches for the message; the message and the reply join the call’s transcript.',
  access: 'signed-in',
  body: assistRequestSchema,
  responses: { 200: { description: 'The reply', schema: assistResponseSchema } },
  errors: {
    402: BUDGET_SPENT,
    404: 'The call is not one of the caller’s',
    409: CALL_ENDED,
    502: 'OpenAI failed to answer',
    503: `${ASSIST_NOT_CONFIGURED}; or the database is briefly unavailable`,
  },
});
