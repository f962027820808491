import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
// The messages are the routes' documented errors, so they live with the contract.
import {
  CODE_TOO_SOON,
  CODE_WRONG,
  NOT_A_MOBILE_NUMBER,
  NOT_YOUR_NUMBER,
  NUMBER_TAKEN,
  TOO_MANY_CODES,
} from '@annie/contracts/trust';
import type { CountryCode } from 'libphonenumber-js';
import type { Pool } from '../../db/pool.ts';
import { badRequest, conflict, HttpError, serviceUnavailable } from '../../lib/http-errors.ts';
import { toE164 } from '../../lib/phone-number.ts';
import type { SentSms } from '../../providers/twilio/twilio-sms.ts';
import { numberOfTenant, type SmsSending } from '../sms/index.ts';
import { assertWithinBudget, recordUsageEntry } from '../usage/index.ts';
import { numberTypeOf } from './number-type.ts';
import {
  addOwnNumber,
  countCodeAttempt,
  countCodeText,
  markVerified,
  ownNumbersOf,
  secondsSinceCode,
  storeNumberCode,
  verifiedHolderOf,
} from './phone-access-numbers.queries.ts';

type Owner = { tenantId: string; userId: string };

/** A texted code is good for this long, and for this many tries. */
const CODE_MINUTES = 10;
const CODE_ATTEMPTS_MAX = 5;
/** One text per number per minute: the code goes to someone's phone, and each text costs money. */
const RESEND_AFTER_SECONDS = 60;
/** Codes texted per user a day, whatever the numbers (adding and removing numbers does not reset it). */
export const CODE_TEXTS_PER_DAY = 10;

const codeHashOf = (owner: Owner, e164: string, code: string) =>
  createHash('sha256').update(`${owner.tenantId}:${owner.userId}:${e164}:${code}`).digest('base64url');

/** The text a new own number receives. */
export const ownNumberCodeText = (code: string) =>
  `Your AnnieAI code to confirm this number for phone access: ${code}. If you did not ask for it, ignore this text.`;

/** Lines a code may be texted to: a mobile, or (as in the US) a number that may be one; never premium rate. */
const TEXTABLE = new Set(['mobile', 'fixed_line_or_mobile']);

function assertMobile(e164: string): void {
  if (!TEXTABLE.has(numberTypeOf(e164))) throw badRequest(`${NOT_A_MOBILE_NUMBER}: ${e164}`, 'not_mobile');
}

/** Texts a new code to the number; its hash is kept once Twilio took the text. */
async function textCode(pool: Pool, owner: Owner, e164: string, sending: SmsSending): Promise<void> {
  assertMobile(e164);
  const sender = sending.sender;
  if (!sender) {
    throw serviceUnavailable(`Own numbers are confirmed by text: set ${sending.missing.join(', ')}`);
  }
  const from = await numberOfTenant(pool, owner.tenantId, sending.defaultNumber);
  if (!from) throw serviceUnavailable('This tenant has no messaging number to text the code from');
  if (!(await countCodeText(pool, owner, CODE_TEXTS_PER_DAY))) {
    throw new HttpError(429, 'too_many_codes', TOO_MANY_CODES);
  }
  // A text is billed: the hard stop holds for codes as for any other text.
  await assertWithinBudget(pool, owner.tenantId);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The code is a secret: it is sent straight through Twilio, never stored in the message history.
  const sent = await sender.send({ to: e164, from, body: ownNumberCodeText(code) }).catch((error: Error) => {
    throw new HttpError(502, 'provider_error', `The code could not be texted: ${error.message}`);
  });
  await storeNumberCode(pool, owner, e164, codeHashOf(owner, e164, code));
  await recordCodeText(pool, owner, sent);
}

/** The code's text in the usage ledger, by its Twilio SID; Twilio's price is fetched later when not given. */
async function recordCodeText(pool: Pool, owner: Owner, sent: SentSms): Promise<void> {
  const price =
    sent.price !== null && sent.price !== undefined && sent.priceUnit === 'USD' ? Math.abs(sent.price) : 0;
  await recordUsageEntry(pool, owner.tenantId, {
    userId: owner.userId,
    channel: 'sms',
    kind: 'text',
    sourceId: sent.sid,
    at: new Date(),
    seconds: 0,
    segments: sent.numSegments ?? 1,
    tokens: 0,
    costUsd: price,
    providerRef: price > 0 ? null : sent.sid,
  });
}

async function assertNotTaken(pool: Pool, owner: Owner, e164: string): Promise<void> {
  const holder = await verifiedHolderOf(pool, owner.tenantId, e164);
  if (holder && holder !== owner.userId) throw conflict(`${NUMBER_TAKEN}: ${e164}`);
}

/**
 * Numbers the user did not have yet: refused (409) if another user of the tenant holds one; else each
 * is added unverified and texted a code. A text that cannot be sent now leaves the number waiting:
 * asking for a new code (resendOwnNumberCode) then says why.
 */
export async function claimNewNumbers(
  pool: Pool,
  owner: Owner,
  numbers: string[],
  sending: SmsSending,
): Promise<void> {
  const known = new Set((await ownNumbersOf(pool, owner)).map((number) => number.e164));
  const added = numbers.filter((number) => !known.has(number));
  // A number that cannot be texted a code could never be confirmed: it is refused before anything is kept.
  for (const e164 of added) assertMobile(e164);
  for (const e164 of added) await assertNotTaken(pool, owner, e164);
  for (const e164 of added) {
    await addOwnNumber(pool, owner, e164);
    await textCode(pool, owner, e164, sending).catch(() => {});
  }
}

function parseNumber(text: string, region: CountryCode): string {
  const e164 = toE164(text, region);
  if (!e164) throw badRequest(`Not a valid phone number: ${text}`);
  return e164;
}

async function unverifiedNumber(pool: Pool, owner: Owner, text: string, region: CountryCode) {
  const e164 = parseNumber(text, region);
  const mine = (await ownNumbersOf(pool, owner)).find((number) => number.e164 === e164);
  if (!mine || mine.verified) throw badRequest(NOT_YOUR_NUMBER);
  return e164;
}

/** Texts a new code to one of the user's unverified numbers (one a minute). */
export async function resendOwnNumberCode(
  pool: Pool,
  owner: Owner,
  text: string,
  options: { region: CountryCode; sending: SmsSending },
): Promise<void> {
  const e164 = await unverifiedNumber(pool, owner, text, options.region);
  const since = await secondsSinceCode(pool, owner, e164);
  if (since !== undefined && since < RESEND_AFTER_SECONDS)
    throw new HttpError(429, 'too_soon', CODE_TOO_SOON);
  await assertNotTaken(pool, owner, e164);
  await textCode(pool, owner, e164, options.sending);
}

/**
 * The code texted to the number, entered in the product: from now on it is the user's own number.
 * Each try is counted before it is checked; a number another user verified first is refused (409).
 */
export async function confirmOwnNumber(
  pool: Pool,
  owner: Owner,
  input: { number: string; code: string },
  region: CountryCode,
): Promise<void> {
  const e164 = await unverifiedNumber(pool, owner, input.number, region);
  const stored = await countCodeAttempt(pool, owner, e164, { max: CODE_ATTEMPTS_MAX, minutes: CODE_MINUTES });
  const given = codeHashOf(owner, e164, input.code);
  if (
    !stored ||
    stored.length !== given.length ||
    !timingSafeEqual(Buffer.from(stored), Buffer.from(given))
  ) {
    throw badRequest(CODE_WRONG, 'wrong_code');
  }
  try {
    await markVerified(pool, owner, e164);
  } catch (error) {
    const pg = error as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'phone_own_number_one_user') {
      throw conflict(`${NUMBER_TAKEN}: ${e164}`);
    }
    throw error;
  }
}
