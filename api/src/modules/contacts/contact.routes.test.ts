import { contactListSchema, contactSchema } from '@annie/contracts/contacts';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestClient } from '../../../test/test-client.ts';

const app = await startTestApp();
let client: TestClient;

beforeAll(async () => {
  client = await app.signedIn(await app.createUser());
});

describe('POST /api/contacts', () => {
  it('creates a contact with the defaults and the phone as E.164', async () => {
    const response = await client.post('/api/contacts', {
      name: 'Ada Lovelace',
      phonePrimary: '(415) 555-2671',
    });
    expect(response.status).toBe(201);
    expect(contactSchema.parse(response.body)).toMatchObject({
      name: 'Ada Lovelace',
      phonePrimary: '+14155552671',
      relationship: 'other',
      preferredChannel: 'sms',
      smsPreference: 'ask_first',
      isFavorite: false,
      nickname: null,
      email: null,
    });
  });

  it('says "Name is required" for a blank name', async () => {
    const response = await client.post('/api/contacts', { name: '  ' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Name is required', issues: [{ path: 'name' }] });
  });

  it('refuses a bad email, an unknown relationship and unknown fields, naming the field', async () => {
    const email = await client.post('/api/contacts', { name: 'A', email: 'nope' });
    expect(email.status).toBe(400);
    expect(email.body.issues).toEqual([{ path: 'email', message: 'Email must be a valid email address' }]);
    const relationship = await client.post('/api/contacts', { name: 'A', relationship: 'boss' });
    expect(relationship.body.issues[0].path).toBe('relationship');
    expect((await client.post('/api/contacts', { name: 'A', tenantId: 'other' })).status).toBe(400);
  });

  it('accepts an empty email and stores it as none', async () => {
    const response = await client.post('/api/contacts', { name: 'No Mail', email: '' });
    expect(response.status).toBe(201);
    expect(response.body.email).toBeNull();
  });

  it('refuses a phone that is not a phone number, naming the field', async () => {
    const response = await client.post('/api/contacts', { name: 'B', phonePrimary: 'call me maybe' });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { path: 'phonePrimary', message: 'Phone is not a valid phone number' },
    ]);
  });

  it('refuses a second contact with the same number, naming the first', async () => {
    await client.post('/api/contacts', { name: 'Grace Hopper', phonePrimary: '+1 415 555 2672' });
    const response = await client.post('/api/contacts', { name: 'Impostor', phonePrimary: '415-555-2672' });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('Grace Hopper');
  });
});

describe('GET /api/contacts', () => {
  it('lists entries holding each contact by name, with no thread yet', async () => {
    const response = await client.get('/api/contacts');
    expect(response.status).toBe(200);
    const entries = contactListSchema.parse(response.body);
    expect(entries.map((entry) => entry.contact.name)).toEqual(['Ada Lovelace', 'Grace Hopper', 'No Mail']);
    expect(entries.every((entry) => entry.thread === null)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await app.client().get('/api/contacts')).status).toBe(401);
  });
});

describe('/api/contacts/:id', () => {
  it('shows, edits (favourite, preference, clearing fields) and deletes one contact', async () => {
    const created = (
      await client.post('/api/contacts', { name: 'Linus', nickname: 'L', phonePrimary: '4155552673' })
    ).body;
    expect((await client.get(`/api/contacts/${created.id}`)).body).toMatchObject({ name: 'Linus' });
    const edited = await client.patch(`/api/contacts/${created.id}`, {
      isFavorite: true,
      smsPreference: 'auto_respond',
      nickname: '',
      phonePrimary: null,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      isFavorite: true,
      smsPreference: 'auto_respond',
      nickname: null,
      phonePrimary: null,
    });
    expect((await client.patch(`/api/contacts/${created.id}`, {})).status).toBe(400);
    expect((await client.patch(`/api/contacts/${created.id}`, { preferredChannel: 'fax' })).status).toBe(400);
    expect((await client.delete(`/api/contacts/${created.id}`)).status).toBe(204);
    expect((await client.get(`/api/contacts/${created.id}`)).status).toBe(404);
    expect((await client.delete(`/api/contacts/${created.id}`)).status).toBe(404);
  });

  it('refuses taking another contact number on edit', async () => {
    const other = (await client.post('/api/contacts', { name: 'Other' })).body;
    const response = await client.patch(`/api/contacts/${other.id}`, { phonePrimary: '(415) 555-2671' });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('Ada Lovelace');
  });

  it('is a 404 for an id that is not a UUID', async () => {
    expect((await client.get('/api/contacts/not-a-uuid')).status).toBe(404);
  });
});
