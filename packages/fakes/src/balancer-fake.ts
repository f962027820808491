import { createServer, type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';

/** A running balancer: its address, which backend took each request, and how to change its backends. */
export type BalancerFake = {
  url: string;
  /** The backend (its base URL) each request and WebSocket went to, in order, with its path. */
  routed: { backend: string; path: string }[];
  /** The backends, in order of preference (the first ready one takes new work). */
  setBackends: (backends: string[]) => void;
  close: () => Promise<void>;
};

const POLL_MS = 100;

/**
 * A load balancer in front of API instances, as an operator runs one (deploy/Caddyfile): it asks each
 * backend's /readyz every 100 ms and sends new requests and WebSocket upgrades to the first ready one,
 * trying the next when a connection is refused (an instance that just died). Open connections stay
 * where they are. Loopback only, for tests and chaos scripts.
 */
export async function startBalancerFake(initial: string[]): Promise<BalancerFake> {
  let backends = [...initial];
  const ready = new Map<string, boolean>();
  const routed: BalancerFake['routed'] = [];
  const tunnels = new Set<Duplex>();
  const poll = setInterval(() => {
    for (const backend of backends) {
      fetch(`${backend}/readyz`, { signal: AbortSignal.timeout(POLL_MS * 5) })
        .then((response) => ready.set(backend, response.ok))
        .catch(() => ready.set(backend, false));
    }
  }, POLL_MS);
  // Ready first, in order of preference; the others after them as a last resort.
  const candidates = () => [
    ...backends.filter((backend) => ready.get(backend) !== false),
    ...backends.filter((backend) => ready.get(backend) === false),
  ];

  const server = createServer(async (incoming, outgoing) => {
    const body = Buffer.concat(await incoming.toArray());
    for (const backend of candidates()) {
      const answered = await new Promise<boolean>((resolve) => {
        const target = new URL(incoming.url ?? '/', backend);
        const forward = request(target, { method: incoming.method, headers: incoming.headers }, (reply) => {
          routed.push({ backend, path: incoming.url ?? '' });
          outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(outgoing);
          resolve(true);
        });
        forward.once('error', () => resolve(false));
        forward.end(body);
      });
      if (answered) return;
    }
    outgoing.writeHead(502).end('No backend answered');
  });

  server.on('upgrade', (incoming: IncomingMessage, client: Duplex, head: Buffer) => {
    const tryNext = (left: string[]) => {
      const backend = left[0];
      if (!backend) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const target = new URL(backend);
      const upstream = connect(Number(target.port), target.hostname);
      upstream.once('error', () => tryNext(left.slice(1)));
      upstream.once('connect', () => {
        routed.push({ backend, path: incoming.url ?? '' });
        upstream.removeAllListeners('error');
        const headers = [];
        for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
          headers.push(`${incoming.rawHeaders[index]}: ${incoming.rawHeaders[index + 1]}`);
        }
        upstream.write(`${incoming.method} ${incoming.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
        tunnels.add(client);
        client.once('close', () => tunnels.delete(client));
        // Either side gone: the other goes too (a killed instance drops its callers' streams).
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
    };
    tryNext(candidates());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    setBackends: (next) => {
      backends = [...next];
    },
    close: async () => {
      clearInterval(poll);
      server.closeAllConnections();
      for (const tunnel of tunnels) tunnel.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
