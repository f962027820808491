import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

test('the voice picker plays a sample of each voice from the speech fake, and stops it', async ({
  adminPage: page,
}) => {
  // axe and a sample played to its end, on a machine shared with other builds.
  test.setTimeout(60_000);
  await page.goto('/voice/console');
  await expect(page.getByRole('heading', { name: 'Edit Profile', exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const picker = page.getByRole('radiogroup', { name: 'Voice' });
  const chosen = picker.getByRole('radio', { checked: true });
  const chosenBefore = await chosen.getAttribute('value');
  // Checked before playing: a sample lasts about four seconds, less than axe takes on a loaded machine.
  expect(await seriousViolations(page)).toEqual([]);

  const answered = page.waitForResponse((response) =>
    response.url().endsWith('/api/voice/profiles/voice-preview'),
  );
  await page.getByRole('button', { name: 'Play a sample of Marin' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('audio/mpeg');
  // Chromium decoded the fake's MP3 and is playing it: the button beside Marin is now Stop.
  const stop = page.getByRole('button', { name: 'Stop the Marin sample' });
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(page.getByRole('button', { name: 'Play a sample of Marin' })).toBeVisible();
  // Hearing a voice does not choose it.
  await expect(chosen).toHaveAttribute('value', chosenBefore ?? '');

  // A sample plays to its end (about four seconds) and the button goes back to Play on its own.
  await page.getByRole('button', { name: 'Play a sample of Cedar' }).click();
  await expect(page.getByRole('button', { name: 'Stop the Cedar sample' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play a sample of Cedar' })).toBeVisible({ timeout: 15_000 });
  await expect(picker.getByRole('alert')).toHaveCount(0);
});
