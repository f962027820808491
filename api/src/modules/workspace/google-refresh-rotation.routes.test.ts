import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/test-client.ts';
import { type ConnectionOwner, saveRotatedRefreshToken, tokenOwner } from './google-connection.service.ts';
import { googleServicesFor } from './google-services.ts';
import { startWorkspaceTestApp } from './testing/workspace-test-app.ts';

// Alice's tool call meets a refresh that rotates her refresh token; Carol (same tenant) and Bob (other
// tenant) are connected too, and their stored grants must not move.
const { app, fake, connect } = await startWorkspaceTestApp();
afterAll(() => fake.close());
const google = googleServicesFor(app.config);
let alice: TestClient;
let carol: TestClient;
let bob: TestClient;

const ownerOf = (client: TestClient): ConnectionOwner => ({
  tenantId: client.identity?.tenantId ?? '',
  userId: client.identity?.userId ?? '',
});

/** The user's account id and the refresh token its row holds, decrypted as the app would. */
async function storedGrant(client: TestClient): Promise<{ id: string; refreshToken: string }> {
  const { rows } = await app.pool.query<{ id: string; refresh_token_cipher: string }>(
    'select id, refresh_token_cipher from google_account where user_id = $1',
    [client.identity?.userId],
  );
  const [row] = rows;
  if (!row || !google) throw new Error('Not connected');
  return {
    id: row.id,
    refreshToken: google.cipher.decrypt(row.refresh_token_cipher, tokenOwner(ownerOf(client))),
  };
}

const listDrive = (client: TestClient) =>
  client.post('/api/google/voice-tools', { toolName: 'google_drive_list', parameters: {} });

beforeAll(async () => {
  alice = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  carol = await app.signedIn(await app.createUser({ tenantId: 'tenant-a' }));
  bob = await app.signedIn(await app.createUser({ tenantId: 'tenant-b' }));
  for (const client of [alice, carol, bob]) await connect(client);
});

describe('a refresh token Google rotates during a tool call', () => {
  it('is stored encrypted for the same user and tenant, and the connection keeps working on it', async () => {
    const before = await storedGrant(alice);
    const others = [await storedGrant(carol), await storedGrant(bob)];
    fake.rotateRefreshTokens(true);
    try {
      expect((await listDrive(alice)).body.success).toBe(true);
    } finally {
      fake.rotateRefreshTokens(false);
    }
    const after = await storedGrant(alice);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect([fake.isGrantActive(before.refreshToken), fake.isGrantActive(after.refreshToken)]).toEqual([
      false,
      true,
    ]);
    expect([await storedGrant(carol), await storedGrant(bob)]).toEqual(others);

    // A server that kept nothing in memory (restarted) refreshes with what the row holds.
    google?.workspace.forget(after.id);
    fake.expireAccessTokens();
    expect((await listDrive(alice)).body).toMatchObject({ success: true, requiresAuth: false });
    expect(fake.tokenRequests.at(-1)?.params.refresh_token).toBe(after.refreshToken);
    expect((await alice.get('/api/google/status')).body).toMatchObject({ authenticated: true });
  });

  it('does not overwrite a grant the user connected again while the call ran', async () => {
    const owner = ownerOf(carol);
    const { id } = await storedGrant(carol);
    const em = app.orm.em.fork();
    em.setFilterParams('tenant', { tenantId: owner.tenantId });
    if (!google) throw new Error('Google is not configured');
    const staleCipher = google.cipher.encrypt('1//refresh-the-call-started-with', tokenOwner(owner));
    await saveRotatedRefreshToken(
      em,
      owner,
      { accountId: id, refreshTokenCipher: staleCipher },
      '1//late',
      google.cipher,
    );
    expect((await storedGrant(carol)).refreshToken).not.toBe('1//late');
  });
});
