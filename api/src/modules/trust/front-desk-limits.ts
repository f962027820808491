import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Pool } from '../../db/pool.ts';

/** What a caller can leave with the front desk: a message, or a request waiting for approval. */
export type FrontDeskItem = 'message' | 'request';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * How many of each one caller number, and one tenant's front desk altogether, may leave per day. Per
 * number stops one caller filling the executive's inbox; per tenant stops the same with a new (spoofed)
 * number each call. A real caller past either is told so plainly; the executive still has what came first.
 */
export const FRONT_DESK_LIMITS: Record<FrontDeskItem, { perCaller: number; perTenant: number }> = {
  message: { perCaller: 5, perTenant: 100 },
  request: { perCaller: 3, perTenant: 30 },
};

export type FrontDeskAllowance = 'allowed' | 'caller_limit' | 'tenant_limit';

/** The refusal the model passes on to the caller, in words it can say. */
export const FRONT_DESK_REFUSALS: Record<
  FrontDeskItem,
  Record<Exclude<FrontDeskAllowance, 'allowed'>, string>
> = {
  message: {
    caller_limit:
      'Not saved: this number has left as many messages as the front desk takes in a day. Tell the caller politely that no more messages can be taken from their number today, and that the executive has the earlier ones.',
    tenant_limit:
      'Not saved: the front desk is taking no more messages today. Tell the caller politely, and suggest they try again tomorrow.',
  },
  request: {
    caller_limit:
      'Not recorded: this number has made as many requests as the front desk takes in a day. Tell the caller politely that no more requests can be taken from their number today, and that the earlier ones are with the executive.',
    tenant_limit:
      'Not recorded: the front desk is taking no more requests today. Tell the caller politely, and suggest they try again tomorrow.',
  },
};

/**
 * Counts what callers leave, in PostgreSQL (the limits hold across API instances; the counters share the
 * login limiter's table, so the retention schedule purges them). The caller's count is taken first, so a
 * caller past their own limit does not use up the tenant's.
 */
export class FrontDeskLimits {
  readonly #limiters: Record<FrontDeskItem, { caller: RateLimiterPostgres; tenant: RateLimiterPostgres }>;

  constructor(pool: Pool) {
    const limiter = (keyPrefix: string, points: number) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'login_rate_limit',
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration: DAY_SECONDS,
      });
    this.#limiters = {
      message: {
        caller: limiter('front_desk_message_caller', FRONT_DESK_LIMITS.message.perCaller),
        tenant: limiter('front_desk_message_tenant', FRONT_DESK_LIMITS.message.perTenant),
      },
      request: {
        caller: limiter('front_desk_request_caller', FRONT_DESK_LIMITS.request.perCaller),
        tenant: limiter('front_desk_request_tenant', FRONT_DESK_LIMITS.request.perTenant),
      },
    };
  }

  /** Takes one item for this caller and tenant, or says which limit refused it. */
  async take(item: FrontDeskItem, tenantId: string, callerE164: string): Promise<FrontDeskAllowance> {
    const { caller, tenant } = this.#limiters[item];
    if (!(await taken(caller, `${tenantId}|${callerE164}`))) return 'caller_limit';
    if (!(await taken(tenant, tenantId))) return 'tenant_limit';
    return 'allowed';
  }
}

async function taken(limiter: RateLimiterPostgres, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}
