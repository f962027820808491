// Runs every benchmark script in this folder, one after another, and lets each print its figures.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ORDER = [
  'build-time.mjs',
  'bundle-size.mjs',
  'lighthouse.mjs',
  'startup.mjs',
  'knowledge.mjs',
  'lab-jobs.mjs',
  'workspace-tools.mjs',
  'voice-tools.mjs',
  'messaging.mjs',
  'call-history.mjs',
  'voice-console.mjs',
  'phone-calls.mjs',
  'realtime-call.mjs',
  'voice-call.mjs',
];
let failed = 0;
for (const script of ORDER) {
  if (!existsSync(join(HERE, script))) continue;
  console.log(`\n=== ${script} ===`);
  const result = spawnSync(process.execPath, [join(HERE, script)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
