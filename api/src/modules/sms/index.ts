// What other modules use of SMS: the tenants' messaging numbers, Twilio's form bodies, and sending a text.
export { assignMessagingNumber, numberOfTenant, tenantOfNumber } from './messaging-number.ts';
export { sendText } from './sms-send.service.ts';
export { INBOUND_WEBHOOK_PATH, type SmsSending, smsSendingOf } from './sms-sending.ts';
export { readTwilioForm } from './twilio-form.ts';
