import { listCallSessions } from '@annie/contracts/calls-routes';

// Call History's hooks live in the voice remote (remotes/voice/src/api/use-call-sessions.ts); its key
// stays here, for every mutation that adds a call (phone calls, the sandbox, the voice remote's own).

/** Query key of the call history; every call query key starts with it. */
export const callSessionsQueryKey = [listCallSessions.path] as const;
