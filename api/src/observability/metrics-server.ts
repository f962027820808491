import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { registry } from './metrics.ts';

export type MetricsSettings = {
  port: number;
  host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`; others get 401. */
  token?: string;
};

function authorized(request: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The metrics listener, on its own port (METRICS_PORT), never the app's: `GET /metrics` answers the
 * registry in Prometheus' text format, behind METRICS_TOKEN when one is set. Anything else is 404.
 */
export function startMetricsServer(settings: MetricsSettings): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!authorized(request, settings.token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' })
        .end('A bearer token is needed (METRICS_TOKEN)\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
