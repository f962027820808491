/**
 * What initdb and postgres inherit of this process's environment: only what a server needs to find
 * its tools and read text and time. Everything else (the OpenAI key, the Twilio token, the session
 * secret…) stays here: in root mode the server runs as the `postgres` account, and any process of that
 * account can read its environment.
 */
const PASSED = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ', 'TMPDIR'] as const;

/** The allow-listed environment for the embedded server's binaries, messages in English for parsing. */
export function serverEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of PASSED) {
    if (env[name] !== undefined) kept[name] = env[name];
  }
  return { ...kept, LC_MESSAGES: 'C' };
}
