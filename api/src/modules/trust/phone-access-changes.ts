import { z } from 'zod';
import type { Queryable } from '../../db/sql-text.ts';
import { defineProcessChannel } from '../../live/live-channel.ts';
import type { LiveHub } from '../../live/live-hub.ts';
import { numberOwner } from './trust-party.queries.ts';

/**
 * Announced by the database (triggers on phone_access and phone_own_number) whenever a user's phone
 * access changes, whoever changed it: a password change, deletion or demotion clears the passcode.
 */
export const phoneAccessChanges = defineProcessChannel({
  name: 'annie_phone_access_changed',
  payload: z.object({ userId: z.string() }),
});

type Proof = { tenantId: string; userId: string; callerE164: string };

/** How often a proof is checked once the hub no longer announces changes (shutdown). */
export const PROOF_POLL_MS = 2_000;

/** Whether the caller's number still proves to be the user's own number with a passcode set. */
async function stillOwner(db: Queryable, proof: Proof): Promise<boolean> {
  const owner = await numberOwner(db, proof.tenantId, proof.callerE164);
  return owner?.user_id === proof.userId;
}

/**
 * Watches a call proven by the passcode, on any instance: `revoked` is called once, as soon as the
 * user's phone access no longer stands behind it (passcode cleared, number removed, account deleted).
 * Resolves once listening and checked once (a revocation that raced with the proof is not missed);
 * the answer stops the watch.
 */
export async function watchPhoneProof(
  live: LiveHub,
  db: Queryable,
  proof: Proof,
  revoked: () => void,
): Promise<() => void> {
  let done = false;
  const check = async () => {
    if (done) return;
    // Unknown is not revoked: the next change or resync checks again.
    const valid = await stillOwner(db, proof).catch(() => true);
    if (valid || done) return;
    done = true;
    revoked();
  };
  let poll: NodeJS.Timeout | undefined;
  const unlisten = await live.listenProcessWide(phoneAccessChanges, {
    event: (change) => {
      if (change.userId === proof.userId) void check();
    },
    lost: () => {},
    resync: () => void check(),
    // The hub closed (a draining instance, whose calls go on for CALL_DRAIN_MS): nothing announces a
    // revocation any more, so the proof is checked every PROOF_POLL_MS instead, until the call ends.
    end: () => {
      if (done || poll) return;
      poll = setInterval(() => void check(), PROOF_POLL_MS);
      poll.unref();
    },
  });
  await check();
  return () => {
    done = true;
    clearInterval(poll);
    unlisten();
  };
}
