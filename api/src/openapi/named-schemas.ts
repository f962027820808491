import { authUserSchema } from '@annie/contracts/auth';
import { contactSchema } from '@annie/contracts/contacts';
import { conversationMessageSchema, conversationSummarySchema } from '@annie/contracts/conversations';
import { apiErrorBodySchema } from '@annie/contracts/errors';
import { anyJsonSchema } from '@annie/contracts/json';
import { factSchema, noteSchema } from '@annie/contracts/knowledge';
import { labJobSchema } from '@annie/contracts/lab';
import { phoneCallSchema } from '@annie/contracts/phone-calls';
import { remoteReleasesSchema } from '@annie/contracts/remote-releases';
import { sendSmsResponseSchema, smsMessageSchema, smsThreadSummarySchema } from '@annie/contracts/sms';
import { phoneAccessSchema } from '@annie/contracts/trust';
import { usageSettingsAnswerSchema } from '@annie/contracts/usage';
import { voiceProfileSchema } from '@annie/contracts/voice-profiles';
import { googleAccountSchema, googleStatusSchema } from '@annie/contracts/workspace';
import type { z } from 'zod';

/**
 * The schemas GET /api/openapi.json names under `#/components/schemas` and refers to from each
 * operation: the error body, what several operations answer with (alone or as a list's items), and
 * every recursive schema (a document can describe one only through a name it refers to). The
 * OpenAPI test fails when a schema several operations answer with is missing here.
 */
export const namedSchemas: Record<string, z.ZodType> = {
  ApiError: apiErrorBodySchema,
  JsonValue: anyJsonSchema,
  AuthUser: authUserSchema,
  Fact: factSchema,
  Note: noteSchema,
  LabJob: labJobSchema,
  GoogleStatus: googleStatusSchema,
  GoogleAccount: googleAccountSchema,
  VoiceProfile: voiceProfileSchema,
  Contact: contactSchema,
  SmsThreadSummary: smsThreadSummarySchema,
  SmsMessage: smsMessageSchema,
  SendSmsResponse: sendSmsResponseSchema,
  ConversationSummary: conversationSummarySchema,
  ConversationMessage: conversationMessageSchema,
  RemoteReleases: remoteReleasesSchema,
  PhoneCall: phoneCallSchema,
  PhoneAccess: phoneAccessSchema,
  UsageSettings: usageSettingsAnswerSchema,
};
