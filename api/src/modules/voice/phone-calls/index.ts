// Phone calls: calls over Twilio, inbound and outbound, whose media stream runs through the bridge.
export { partyPhoneTools } from './phone-call-tools.ts';
export { VOICE_WEBHOOK_PATH } from './phone-calling.ts';
export { phoneCallsModule } from './phone-calls.module.ts';
