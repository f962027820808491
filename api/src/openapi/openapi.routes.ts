import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@annie/contracts/openapi-routes';
import Router from '@koa/router';
import type { AppState } from '../http/app-state.ts';
import { defineRoutes } from '../http/define-route.ts';
import { type OpenApiDocument, openApiDocument, registeredRoutes } from './openapi-document.ts';

const SWAGGER_UI = dirname(fileURLToPath(import.meta.resolve('swagger-ui-dist/package.json')));

// The page's assets: Swagger UI's own files, and our start script (the CSP allows no inline script).
const ASSETS: Record<contract.DocsAsset, { type: string; load: () => Promise<Buffer | string> }> = {
  'swagger-ui.css': { type: 'text/css', load: () => readFile(join(SWAGGER_UI, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': {
    type: 'text/javascript',
    load: () => readFile(join(SWAGGER_UI, 'swagger-ui-bundle.js')),
  },
  // A reference, not a console: no "Try it out".
  'start.js': {
    type: 'text/javascript',
    load: async () =>
      `window.SwaggerUIBundle({ url: '${contract.getOpenApiDocument.path}', dom_id: '#reference', deepLinking: true, supportedSubmitMethods: [] });\n`,
  },
};

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>AnnieAI API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

/**
 * GET /api/openapi.json (every documented route of `routers`, these included) and GET /api/docs (the
 * reference page, Swagger UI), for signed-in users. The routers are read on the first request.
 */
export function openApiRoutes(routers: () => Router<AppState>[]) {
  let document: OpenApiDocument | undefined;
  const loaded = new Map<string, Promise<Buffer | string>>();

  return defineRoutes(new Router<AppState>(), contract, {
    getOpenApiDocument: (ctx) => {
      document ??= openApiDocument(registeredRoutes(routers()));
      ctx.set('Cache-Control', 'no-cache');
      return { status: 200, body: document };
    },
    getDocsPage: (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'text/html';
      return { status: 200, body: PAGE };
    },
    getDocsAsset: async (ctx, { params }) => {
      const name = params.file;
      const asset = ASSETS[name];
      let content = loaded.get(name);
      if (!content) {
        content = asset.load();
        loaded.set(name, content);
      }
      ctx.set('Cache-Control', 'private, max-age=3600');
      ctx.type = asset.type;
      return { status: 200, body: await content };
    },
  });
}
