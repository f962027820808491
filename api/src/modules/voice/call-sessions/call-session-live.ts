import { CALL_LIVE_EVENT, callLiveEventSchema } from '@annie/contracts/phone-calls';
import { z } from 'zod';
import { defineLiveChannel } from '../../../live/live-channel.ts';

/**
 * Something changed on one of a user's calls: the call_session trigger notifies on a new session and on
 * each change to its transcript, end or owner (see the call session events migration); phone calls add
 * their status. `userId` says whose call it is: a stream delivers only the signed-in user's, without it.
 */
export const callChannel = defineLiveChannel({
  name: 'call_event',
  event: CALL_LIVE_EVENT,
  payload: callLiveEventSchema.extend({ userId: z.uuid() }),
});
