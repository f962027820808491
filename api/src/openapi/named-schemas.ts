import { authUserSchema } from '@annie/api-client/contracts/auth';
import { contactSchema } from '@annie/api-client/contracts/contacts';
import {
  conversationMessageSchema,
  conversationSummarySchema,
} from '@annie/api-client/contracts/conversations';
import { apiErrorBodySchema } from '@annie/api-client/contracts/errors';
import { anyJsonSchema } from '@annie/api-client/contracts/json';
import { factSchema, noteSchema } from '@annie/api-client/contracts/knowledge';
import { labJobSchema } from '@annie/api-client/contracts/lab';
import { phoneCallSchema } from '@annie/api-client/contracts/phone-calls';
import { remoteReleasesSchema } from '@annie/api-client/contracts/remote-releases';
import {
  sendSmsResponseSchema,
  smsMessageSchema,
  smsThreadSummarySchema,
} from '@annie/api-client/contracts/sms';
import { phoneAccessSchema } from '@annie/api-client/contracts/trust';
import { usageSettingsAnswerSchema } from '@annie/api-client/contracts/usage';
import { voiceProfileSchema } from '@annie/api-client/contracts/voice-profiles';
import { googleAccountSchema, googleStatusSchema } from '@annie/api-client/contracts/workspace';
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
