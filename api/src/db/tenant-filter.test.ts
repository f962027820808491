import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/test-app.ts';
import { User } from '../modules/users/user.entity.ts';
import { tenantFilter } from './tenant-filter.ts';

const app = await startTestApp();

describe('tenant filter', () => {
  it('fails closed: a query on a tenant-owned entity without a tenant throws', async () => {
    await app.createUser({ tenantId: 'acme' });
    await expect(app.orm.em.fork().find(User, {})).rejects.toThrow(
      /No arguments provided for filter 'tenant'/,
    );
    await expect(app.orm.em.fork().count(User, {})).rejects.toThrow(/tenant/);
  });

  it('scopes find, count and nativeDelete to the tenant set on the EntityManager', async () => {
    const acme = await app.createUser({ tenantId: 'acme-2' });
    const globex = await app.createUser({ tenantId: 'globex-2' });
    const em = app.orm.em.fork();
    em.setFilterParams('tenant', { tenantId: 'acme-2' });
    expect((await em.find(User, {})).map((user) => user.id)).toEqual([acme.user.id]);
    expect(await em.findOne(User, { id: globex.user.id })).toBeNull();
    expect(await em.nativeDelete(User, { id: globex.user.id })).toBe(0);
    const check = app.orm.em.fork();
    check.setFilterParams('tenant', { tenantId: 'globex-2' });
    expect(await check.count(User, {})).toBe(1);
  });
});

describe('every tenant-owned entity', () => {
  const owned = [...app.orm.getMetadata().getAll().values()].filter(
    (meta) => !meta.embeddable && meta.properties.tenantId,
  );

  it('is found in the ORM metadata (entities with a tenantId)', () => {
    expect(owned.map((meta) => meta.className)).toEqual(
      expect.arrayContaining(['User', 'Contact', 'KnowledgeNote', 'CallSession', 'GoogleAccount']),
    );
  });

  it.each(owned.map((meta) => [meta.className, meta] as const))(
    'declares the tenant filter, on by default, and refuses a query without a tenant: %s',
    async (_name, meta) => {
      expect(meta.filters.tenant).toMatchObject({ name: 'tenant', default: true });
      expect(meta.filters.tenant?.cond).toBe(tenantFilter.tenant.cond);
      await expect(app.orm.em.fork().find(meta.class, {})).rejects.toThrow(/tenant/);
    },
  );
});
