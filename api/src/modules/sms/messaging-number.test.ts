import { describe, expect, it } from 'vitest';
import { annieWith } from '../../../test/annie-cli.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { numberOfTenant, tenantOfNumber } from './messaging-number.ts';

const app = await startTestApp();

const annie = annieWith({ DATABASE_URL: app.databaseUrl });

// Each case spawns the CLI (a fresh Node process) several times, which is slow on a loaded machine.
describe('messaging:number', { timeout: 120_000 }, () => {
  it("assigns a tenant's number, stored as E.164, and webhooks then find the tenant by it", async () => {
    await app.createUser({ tenantId: 'acme' });
    const done = annie('messaging:number', '--tenant', 'acme', '--phone', '(415) 555-0142');
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('Tenant acme now texts from +14155550142');
    expect(await tenantOfNumber(app.pool, '+14155550142', undefined)).toBe('acme');
    expect(await numberOfTenant(app.pool, 'acme', '+14155550100')).toBe('+14155550142');
  });

  it("refuses another tenant's number, an unknown tenant, a bad number and missing options", async () => {
    await app.createUser({ tenantId: 'globex' });
    const taken = annie('messaging:number', '--tenant', 'globex', '--phone', '+14155550142');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('already belongs to tenant acme');
    expect(annie('messaging:number', '--tenant', 'nobody', '--phone', '+14155550143').stderr).toContain(
      'No tenant nobody',
    );
    expect(annie('messaging:number', '--tenant', 'globex', '--phone', 'call me').status).toBe(2);
    expect(annie('messaging:number', '--tenant', 'globex').status).toBe(2);
  });
});
