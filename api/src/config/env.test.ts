import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.BODY_LIMIT_BYTES).toBe(1024 * 1024);
    expect(config.remotes.find((remote) => remote.name === 'lab')).toEqual({
      name: 'lab',
      entry: '/remotes/lab/mf-manifest.json',
      version: 'local',
      overridden: false,
    });
  });

  it("takes a remote entry from the environment: the operator's override of the release registry", () => {
    const config = loadConfig({
      REMOTE_LAB_ENTRY: 'https://cdn.test/lab/2.0.0/mf-manifest.json',
      REMOTE_LAB_VERSION: '2.0.0',
    });
    expect(config.remotes.find((remote) => remote.name === 'lab')).toMatchObject({
      entry: 'https://cdn.test/lab/2.0.0/mf-manifest.json',
      overridden: true,
    });
  });

  it('fails naming every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', SESSION_SECRET: 'short', NODE_ENV: 'staging' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('SESSION_SECRET');
    expect(message).toContain('NODE_ENV');
  });

  it('refuses to start with Google configured and no token key, and checks the key is 32 bytes', () => {
    const google = {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://annie.test',
    };
    expect(() => loadConfig(google)).toThrow(/GOOGLE_TOKEN_KEY: is required when Google is configured/);
    expect(() => loadConfig({ ...google, GOOGLE_TOKEN_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /GOOGLE_TOKEN_KEY: must be 32 bytes/,
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...google, GOOGLE_TOKEN_KEY: key }).GOOGLE_TOKEN_KEY).toBe(key);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
  });
});
