// A keep-alive node:http client for load generation (fetch refuses some ports and adds its own overhead).
import { Agent, request } from 'node:http';

/** At most this many connections per server; also the throughput's concurrency. */
export const CONCURRENCY = 16;

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** GET on 127.0.0.1; resolves with the status, the body text and its size in bytes. */
export function get(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode, bytes: body.length, body: body.toString() });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A JSON request on 127.0.0.1; resolves with the status, the response headers and the body text. */
export function send(port, method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(data),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Closes the kept-alive connections so the process can exit. */
export function closeConnections() {
  agent.destroy();
}
