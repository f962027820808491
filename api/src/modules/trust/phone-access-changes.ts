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
  const unlisten = await live.listenProcessWide(phoneAccessChanges, {
    event: (change) => {
      if (change.userId === proof.userId) void check();
    },
    lost: () => {},
    resync: () => void check(),
    end: () => {},
  });
  await check();
  return () => {
    done = true;
    unlisten();
  };
}
