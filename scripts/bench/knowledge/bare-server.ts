// The knowledge benchmark's baseline: node:http + pg and nothing else, answering every request with the
// API's own 50-row fact list (the production `listFactsJson`, same SQL), so the API's req/s can be set
// beside what the database and Node allow. Run by knowledge.ts as a child:
//   node scripts/bench/knowledge/bare-server.ts DATABASE_URL TENANT_ID PORT
import { createServer } from 'node:http';
import { listFactsJson } from '@annie/api/src/modules/knowledge/knowledge.queries.ts';
import { pg } from '../../lib/database.ts';

const [databaseUrl, tenantId = '', port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const server = createServer(async (_request, res) => {
  try {
    const body = await listFactsJson(pool, tenantId, { limit: 50, offset: 0 });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(body);
  } catch (error) {
    res.writeHead(500);
    res.end(String(error));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
