import { createServer } from 'node:net';
import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseOutage, isUnstorableValue } from './database-outage.ts';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseOutage', () => {
  it('recognises a pool pointed at a closed port, bare and as MikroORM wraps it', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'postgres' });
    const refused = await caught(pool.query('select 1'));
    await pool.end();
    expect(isDatabaseOutage(refused)).toBe(true);
    expect(isDatabaseOutage(new DriverException(refused as Error))).toBe(true);
    expect(isDatabaseOutage(new ConnectionException(new Error('gone')))).toBe(true);
  });

  it('recognises admin shutdown, crash, startup, too many connections, lost links and a read-only standby', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', '25006'])
      expect({ code, outage: isDatabaseOutage(withCode(code)) }).toEqual({ code, outage: true });
    expect(isDatabaseOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseOutage(new AggregateError([withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('leaves real bugs and refusals alone', async () => {
    expect(isDatabaseOutage(new UniqueConstraintViolationException(withCode('23505')))).toBe(false);
    expect(isDatabaseOutage(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    // A NUL character in a value: the request's fault (400), not an outage.
    expect(isDatabaseOutage(withCode('08P01', 'invalid message format'))).toBe(false);
    expect(isUnstorableValue(withCode('08P01'))).toBe(true);
    expect(isUnstorableValue(withCode('22021'))).toBe(true);
    expect(isUnstorableValue(withCode('54000'))).toBe(true);
    expect(isUnstorableValue(withCode('23505'))).toBe(false);
    expect(isDatabaseOutage(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseOutage(undefined)).toBe(false);
    // A provider that refuses the connection is the provider's outage, not the database's.
    const providerDown = await caught(fetch(`http://127.0.0.1:${await closedPort()}/`));
    expect(isDatabaseOutage(providerDown)).toBe(false);
  });
});
