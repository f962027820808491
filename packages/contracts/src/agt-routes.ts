// The chemistry provider's proxy: the browser's one way to the mapped provider paths.
import { agtProxyRequestSchema } from './agt.ts';
import { anyJsonSchema } from './json.ts';
import { route } from './route.ts';

export const agtProxy = route({
  method: 'post',
  path: '/api/agt/proxy',
  summary: 'Forward one mapped chemistry request to the configured provider',
  access: 'signed-in',
  body: agtProxyRequestSchema,
  responses: { 200: { description: "The provider's JSON answer, as is", schema: anyJsonSchema } },
  errors: {
    400: 'The path or method is not one of the mapped ones',
    502: 'The provider failed, or refused the configured API key',
    503: 'The provider is not configured (AGT_BASE_URL, AGT_API_KEY), or the database is briefly unavailable',
    504: 'The provider did not answer in time',
  },
});
