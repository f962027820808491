// Trust's routes: what callers left with the front desk for the signed-in user (requests to approve or
// reject, messages), and the user's phone access (own numbers, the phone passcode, lockouts).
import { z } from 'zod';
import { route } from './route.ts';
import { sendSmsResponseSchema } from './sms.ts';
import {
  approvePendingActionSchema,
  CODE_TOO_SOON,
  CODE_WRONG,
  callMessageListQuerySchema,
  callMessageListSchema,
  clearPhoneLockoutSchema,
  confirmOwnNumberSchema,
  LOCKOUT_NEEDS_PASSWORD,
  NO_PENDING_ACTION,
  NOT_A_MOBILE_NUMBER,
  NOT_YOUR_NUMBER,
  NUMBER_TAKEN,
  PASSCODE_NEEDS_PASSWORD,
  pendingActionListQuerySchema,
  pendingActionListSchema,
  phoneAccessSchema,
  resendOwnNumberCodeSchema,
  TOO_MANY_CODES,
  updatePhoneAccessSchema,
  WRONG_PASSWORD,
} from './trust.ts';

const NOT_PENDING = 'No such request, or it is not pending';
const PHONE_ACCESS = { 200: { description: 'Phone access', schema: phoneAccessSchema } } as const;

export const listPendingActions = route({
  method: 'get',
  path: '/api/pending-actions',
  summary: "The signed-in user's requests from callers, newest first, with the pending count",
  access: 'signed-in',
  query: pendingActionListQuerySchema,
  responses: { 200: { description: 'The requests', schema: pendingActionListSchema } },
});

export const approvePendingAction = route({
  method: 'post',
  path: '/api/pending-actions/:id/approve',
  summary: "Send a caller's requested text, as the user edited it",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: NO_PENDING_ACTION,
  body: approvePendingActionSchema,
  responses: {
    200: {
      description: 'Where the sent text was stored (null if the store kept no row for it)',
      schema: sendSmsResponseSchema.nullable(),
    },
  },
  errors: {
    404: NOT_PENDING,
    409: 'The number opted out, or it is not a mobile and numberTypeConfirmed was not given',
  },
});

export const rejectPendingAction = route({
  method: 'post',
  path: '/api/pending-actions/:id/reject',
  summary: "Reject a caller's request; nothing is sent",
  access: 'signed-in',
  params: { id: z.uuid() },
  notFound: NO_PENDING_ACTION,
  responses: { 200: { description: 'Rejected', schema: z.object({ rejected: z.literal(true) }) } },
  errors: { 404: NOT_PENDING },
});

export const listCallMessages = route({
  method: 'get',
  path: '/api/call-messages',
  summary: 'Messages callers left for the signed-in user, newest first',
  access: 'signed-in',
  query: callMessageListQuerySchema,
  responses: { 200: { description: 'The messages', schema: callMessageListSchema } },
});

export const getPhoneAccess = route({
  method: 'get',
  path: '/api/me/phone-access',
  summary: 'Your own phone numbers and whether a phone passcode is set',
  access: 'signed-in',
  responses: PHONE_ACCESS,
});

export const updatePhoneAccess = route({
  method: 'put',
  path: '/api/me/phone-access',
  summary:
    'Set your own phone numbers (new ones are texted a code to confirm) and, with your password, the phone passcode',
  access: 'signed-in',
  body: updatePhoneAccessSchema,
  responses: PHONE_ACCESS,
  errors: {
    400: `A number is not valid, or: ${NOT_A_MOBILE_NUMBER}, or: ${PASSCODE_NEEDS_PASSWORD}`,
    403: WRONG_PASSWORD,
    409: NUMBER_TAKEN,
    429: 'Too many wrong passwords for this account; Retry-After says when to try again',
    503: 'Text messages are not configured, so a new number cannot be confirmed',
  },
});

export const confirmOwnNumber = route({
  method: 'post',
  path: '/api/me/phone-access/numbers/confirm',
  summary: 'Confirm one of your new numbers with the code texted to it: from then on it is your own number',
  access: 'signed-in',
  body: confirmOwnNumberSchema,
  responses: PHONE_ACCESS,
  errors: { 400: `${CODE_WRONG}, or: ${NOT_YOUR_NUMBER}`, 409: NUMBER_TAKEN },
});

export const resendOwnNumberCode = route({
  method: 'post',
  path: '/api/me/phone-access/numbers/code',
  summary: 'Text a new code to one of your numbers that is not confirmed yet',
  access: 'signed-in',
  body: resendOwnNumberCodeSchema,
  responses: PHONE_ACCESS,
  errors: {
    400: `${NOT_YOUR_NUMBER}, or: ${NOT_A_MOBILE_NUMBER}`,
    402: "This month's usage budget is spent and the tenant's hard stop pauses texts",
    409: NUMBER_TAKEN,
    429: `${CODE_TOO_SOON}, or: ${TOO_MANY_CODES}`,
  },
});

export const clearPhoneLockout = route({
  method: 'post',
  path: '/api/me/phone-access/lockout/clear',
  summary:
    'Lift the phone passcode lockout (wrong passcodes keyed from your number, perhaps spoofed), with your password',
  access: 'signed-in',
  body: clearPhoneLockoutSchema,
  responses: PHONE_ACCESS,
  errors: {
    400: LOCKOUT_NEEDS_PASSWORD,
    403: WRONG_PASSWORD,
    429: 'Too many wrong passwords for this account; Retry-After says when to try again',
  },
});
