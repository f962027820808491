// What other modules use of SMS: the tenants' messaging numbers, Twilio's form bodies, sending a text, the
// module, and the threads and drafts the sandbox seeds.

export { assignedNumbers } from './messaging-number.queries.ts';
export { assignMessagingNumber, numberOfTenant, tenantOfNumber } from './messaging-number.ts';
export { smsModule } from './sms.module.ts';
export { storeDraft } from './sms-draft.service.ts';
export { draftThreadsJson, pendingDraftCount } from './sms-search.queries.ts';
export { type SentText, sendText } from './sms-send.service.ts';
export { INBOUND_WEBHOOK_PATH, type SmsSending, smsSendingOf } from './sms-sending.ts';
export { numberOptedOut } from './sms-thread.queries.ts';
export { ensureThread, noteLastMessage } from './sms-thread.service.ts';
export { readTwilioForm } from './twilio-form.ts';
