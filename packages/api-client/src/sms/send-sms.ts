import type { SendSmsRequest, SendSmsResponse } from '@annie/contracts/sms';
import * as routes from '@annie/contracts/sms-routes';
import { callRoute } from '../call-route.ts';

// The hooks that send, approve, reject and set a thread's preference are the Messages remote's
// (remotes/messaging/src/api/use-sms-mutations.ts); sending stays here for the send_sms voice tool.

/** Texts `to` (an MMS with an https `mediaUrl`); where the sent text was stored. */
export async function sendSms(request: SendSmsRequest): Promise<SendSmsResponse> {
  return callRoute(routes.sendSms, { body: request });
}
