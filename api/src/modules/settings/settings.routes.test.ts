import { appSettingsSchema } from '@annie/contracts/settings';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';

const app = await startTestApp({ ASSISTANT_NAME: 'Jeeves' });

describe('GET /api/settings', () => {
  it("gives the assistant's first name from the configuration", async () => {
    const client = await app.signedIn(await app.createUser());
    const response = await client.get('/api/settings');
    expect(appSettingsSchema.parse(response.body)).toEqual({ assistantName: 'Jeeves' });
  });

  it('needs a session', async () => {
    expect((await app.client().get('/api/settings')).status).toBe(401);
  });
});
