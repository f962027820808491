// Phone calls: calls over Twilio, inbound and outbound, whose media stream runs through the bridge.
export { VOICE_WEBHOOK_PATH } from './phone-calling.ts';
export { phoneCallsModule } from './phone-calls.module.ts';
