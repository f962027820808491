import { smsLiveEventSchema } from '@annie/contracts/sms';
import { defineLiveChannel } from '../../live/live-channel.ts';

/** Something changed in a thread (a text in or out, a status, a draft, the preference or opt-out). */
export const smsChannel = defineLiveChannel({ name: 'sms_event', event: 'sms', payload: smsLiveEventSchema });
