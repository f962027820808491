import { PHONE_PASSCODE_PATTERN } from '@annie/contracts/trust';
import type { Logger } from 'pino';
import type { Pool } from '../../../db/pool.ts';
import type { LiveHub } from '../../../live/live-hub.ts';
import { checkPhonePasscode, type PasscodeOutcome, watchPhoneProof } from '../../trust/index.ts';

/** Passcode attempts one call may make, keyed and spoken together (the user's own limit across calls is counted in the database). */
export const PASSCODE_ATTEMPTS_PER_CALL = 3;

export type PasscodeCheckOptions = {
  pool: Pool;
  live: LiveHub;
  log: Logger;
  tenantId: string;
  callerE164: string;
  claimedOwner: { userId: string; username: string };
  /** The passcode is right: the call becomes the owner's (their instructions, tools and history). */
  becomeOwner: (userId: string, username: string) => Promise<void>;
  /** The owner's phone access was revoked after the proof (password reset, deletion…): end their access now. */
  revoked: () => void;
  /**
   * The call's row says the caller proved it earlier (a stream resumed after a crash): the proof holds,
   * watched from the start. Only ever read from the database, never from the caller.
   */
  provenOnRow?: boolean;
};

/**
 * The passcode check of a call from an owner's number: keyed and spoken attempts share the call's
 * limit; once proven, the proof is watched and withdrawn the moment the owner's phone access is.
 */
export function passcodeCheck(options: PasscodeCheckOptions) {
  const { claimedOwner, log } = options;
  let proven = false;
  let attempts = 0;
  let unwatch: (() => void) | undefined;
  let closed = false;

  const watch = async (): Promise<void> => {
    const stop = await watchPhoneProof(
      options.live,
      options.pool,
      { tenantId: options.tenantId, userId: claimedOwner.userId, callerE164: options.callerE164 },
      () => {
        log.warn('phone access revoked during a proven call: ending it');
        proven = false;
        options.revoked();
      },
    );
    if (closed) stop();
    else unwatch = stop;
  };

  if (options.provenOnRow) {
    proven = true;
    watch().catch((error: Error) => log.warn({ err: error }, 'phone proof not watched'));
  }

  return {
    get proven() {
      return proven;
    },
    async prove(passcode: string): Promise<PasscodeOutcome> {
      if (proven) return 'accepted';
      if (attempts >= PASSCODE_ATTEMPTS_PER_CALL) return 'locked';
      attempts += 1;
      // Not even the shape of a passcode (an empty or short code): wrong, without spending one of the
      // owner's attempts, so junk keyed from a faked caller ID does not lock the owner out.
      if (!PHONE_PASSCODE_PATTERN.test(passcode)) return 'wrong';
      const owner = { tenantId: options.tenantId, userId: claimedOwner.userId };
      const outcome = await checkPhonePasscode(options.pool, owner, passcode, options.callerE164);
      log.info({ outcome }, 'phone passcode checked');
      if (outcome === 'accepted' && !closed) {
        proven = true;
        await options.becomeOwner(claimedOwner.userId, claimedOwner.username);
        await watch();
      }
      return outcome;
    },
    close() {
      closed = true;
      unwatch?.();
    },
  };
}
