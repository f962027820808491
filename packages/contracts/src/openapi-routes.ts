// The API's own description: the OpenAPI document generated from the route contracts, and the
// reference page (Swagger UI) that shows it.
import { z } from 'zod';
import { route } from './route.ts';

/** The reference page's scripts and styles: Swagger UI's own files and the page's start script. */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js'] as const;
export type DocsAsset = (typeof DOCS_ASSETS)[number];

export const getOpenApiDocument = route({
  method: 'get',
  path: '/api/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document, generated from the zod contracts the routes parse with',
  access: 'signed-in',
  responses: { 200: { description: 'The document', schema: z.record(z.string(), z.unknown()) } },
});

export const getDocsPage = route({
  method: 'get',
  path: '/api/docs',
  summary: 'The API reference for people',
  access: 'signed-in',
  responses: { 200: { description: 'The page', contentType: 'text/html' } },
});

export const getDocsAsset = route({
  method: 'get',
  path: '/api/docs/:file',
  summary: "The reference page's scripts and styles",
  access: 'signed-in',
  params: { file: z.enum(DOCS_ASSETS) },
  notFound: 'No such file',
  responses: { 200: { description: 'The file (JavaScript or CSS)', contentType: 'text/javascript' } },
});
