import type { CallFigures } from '@annie/contracts/usage';
import type { Queryable } from '../../../db/sql-text.ts';
import {
  addUsageCost,
  type CallModels,
  type MeasuredCallInput,
  priceCall,
  readUsageSettings,
  recordUsageEntry,
} from '../../usage/index.ts';
import { callSessionFacts, saveCallFiguresRow, setTwilioPriceRow } from './call-figures.queries.ts';

/** Twilio bills a call per started minute. */
const billedMinutes = (seconds: number) => Math.ceil(seconds / 60);

/**
 * Records what a call measured: its figures on the session (priced by the tenant's table, in its
 * currency) and its line in the usage ledger. Undefined when the tenant has no such session.
 */
export async function recordCallFigures(
  db: Queryable,
  input: {
    tenantId: string;
    callSessionId: string;
    measured: MeasuredCallInput;
    models: CallModels;
    source: CallFigures['source'];
    /** The phone call's CallSid: Twilio's price for it is fetched later. */
    twilioCallSid?: string | null;
    /** Only when the call has no figures yet (a call that ended without its media stream). */
    ifMissing?: boolean;
  },
): Promise<CallFigures | undefined> {
  const { tenantId, callSessionId } = input;
  const facts = await callSessionFacts(db, tenantId, callSessionId);
  if (!facts) return undefined;
  const settings = await readUsageSettings(db, tenantId);
  const priced = priceCall(input.measured, input.models, settings, input.source);
  const ended = facts.endedAt ?? new Date();
  const seconds = Math.max(0, (ended.getTime() - facts.startedAt.getTime()) / 1000);
  const figures: CallFigures = {
    ...priced.figures,
    twilio:
      facts.channel === 'twilio' ? { minutes: billedMinutes(seconds), price: null, priceUnit: null } : null,
  };
  const saved = await saveCallFiguresRow(
    db,
    tenantId,
    {
      callSessionId,
      figuresJson: JSON.stringify(figures),
      costUsd: priced.costUsd,
      twilioCallSid: input.twilioCallSid ?? null,
    },
    input.ifMissing,
  );
  if (!saved) return undefined;
  await recordUsageEntry(db, tenantId, {
    userId: facts.userId,
    channel: facts.channel,
    kind: 'call',
    sourceId: callSessionId,
    at: facts.startedAt,
    seconds,
    segments: 0,
    tokens: priced.tokens,
    costUsd: priced.costUsd ?? 0,
  });
  return figures;
}

/**
 * Applies the price Twilio reported for a phone call (negative, in `unit`): the figures show it and
 * the call's cost and the ledger grow by it. Only US dollars are added to the cost (the unit of
 * Twilio's US accounts); another unit is shown but not converted.
 */
export async function applyTwilioPrice(
  db: Queryable,
  input: { tenantId: string; callSessionId: string; price: number; unit: string },
): Promise<void> {
  const settings = await readUsageSettings(db, input.tenantId);
  const priceUsd = input.unit === 'USD' ? Math.abs(input.price) : 0;
  const applied = await setTwilioPriceRow(db, input.tenantId, {
    callSessionId: input.callSessionId,
    priceUsd,
    reported: input.price,
    unit: input.unit,
    usdRate: settings.usdRate,
  });
  if (applied && priceUsd > 0)
    await addUsageCost(db, input.tenantId, { kind: 'call', sourceId: input.callSessionId }, priceUsd);
}
