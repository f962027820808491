// The README's sandbox pictures, taken from a running sandbox (`npm run sandbox -- --seed`):
//   SANDBOX_URL=http://localhost:3000 ANNIE_ADMIN_PASSWORD=… node e2e/sandbox-screenshots.ts
// Writes docs/sandbox/thread-with-draft.png and docs/sandbox/voice-call.png (the voice page mid-call).
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, expect } from '@playwright/test';
import { HEADLESS_CHROMIUM_FLAGS } from './chromium-flags.ts';

const base = process.env.SANDBOX_URL ?? 'http://localhost:3000';
const password = process.env.ANNIE_ADMIN_PASSWORD;
if (!password) throw new Error('Set ANNIE_ADMIN_PASSWORD to the sandbox admin password');
const out = fileURLToPath(new URL('../docs/sandbox/', import.meta.url));
const WAIT = { timeout: 45_000 };

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    ...HEADLESS_CHROMIUM_FLAGS,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1200, height: 760 } });
  const page = await context.newPage();
  const login = await page.request.post('/api/login', { data: { username: 'admin', password } });
  if (!login.ok()) throw new Error(`Sign-in failed: ${login.status()}`);

  await page.goto(`/sms/${encodeURIComponent('+14155550123')}`);
  await expect(page.getByRole('form', { name: /drafted a reply$/ })).toBeVisible(WAIT);
  await page.screenshot({ path: `${out}thread-with-draft.png` });

  await page.goto('/');
  await page.getByRole('button', { name: 'Start call' }).click(WAIT);
  // The whole answer, read from the knowledge search's result, while the call goes on.
  await expect(
    page.getByLabel('Transcript').getByText(/^From Glycerin supplier renewal: .*unchanged\.$/),
  ).toBeVisible(WAIT);
  await page.screenshot({ path: `${out}voice-call.png` });
  await page.getByRole('button', { name: 'End call' }).click();
  console.log(`Wrote ${out}thread-with-draft.png and ${out}voice-call.png`);
} finally {
  await browser.close();
}
