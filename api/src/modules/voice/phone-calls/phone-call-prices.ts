import type { Logger } from 'pino';
import type { Pool } from '../../../db/pool.ts';
import { applyTwilioPrice, unpricedPhoneCalls } from '../call-sessions/index.ts';
import type { PhoneCalling } from './phone-calling.ts';

/** How often ended phone calls are checked for Twilio's price (Twilio prices a call some time after it). */
export const PRICE_SWEEP_MS = 5 * 60_000;

/**
 * Fetches Twilio's price for ended phone calls that wait for one and applies it to their figures and
 * the usage ledger; answers how many were priced. A call Twilio has not priced yet waits for the next sweep.
 */
export async function priceEndedCalls(pool: Pool, calling: PhoneCalling, logger?: Logger): Promise<number> {
  const fetchPrice = calling.calls?.price;
  if (!fetchPrice) return 0;
  let priced = 0;
  for (const call of await unpricedPhoneCalls(pool)) {
    const reported = await fetchPrice(call.callSid).catch((error: Error) => {
      logger?.warn({ err: error, callSid: call.callSid }, 'Twilio price not fetched');
      return null;
    });
    if (!reported) continue;
    await applyTwilioPrice(pool, { ...call, price: reported.price, unit: reported.unit });
    priced += 1;
  }
  return priced;
}
