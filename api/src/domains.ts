import type { OrmSchema } from './db/orm.ts';
import type { Domain } from './domain.ts';
import { contactsDomain } from './modules/contacts/contacts.domain.ts';
import { doctorDomain } from './modules/doctor/doctor.domain.ts';
import { knowledgeDomain } from './modules/knowledge/knowledge.domain.ts';
import { labDomain } from './modules/lab/lab.domain.ts';
import { modulesRegistryDomain } from './modules/modules-registry/modules-registry.domain.ts';
import { platformDomain } from './modules/platform.domain.ts';
import { settingsDomain } from './modules/settings/settings.domain.ts';
import { smsDomain } from './modules/sms/sms.domain.ts';
import { trustDomain } from './modules/trust/trust.domain.ts';
import { realtimeCallsDomain } from './modules/voice/browser-calls/browser-calls.domain.ts';
import { callsDomain } from './modules/voice/call-sessions/call-sessions.domain.ts';
import { conversationsDomain } from './modules/voice/conversations/conversations.domain.ts';
import { phoneCallsDomain } from './modules/voice/phone-calls/phone-calls.domain.ts';
import { voiceProfilesDomain } from './modules/voice/profiles/voice-profiles.domain.ts';
import { voiceToolsDomain } from './modules/voice/tools/voice-tools.domain.ts';
import { workspaceDomain } from './modules/workspace/workspace.domain.ts';

/**
 * The composition root: every domain the API serves, the platform first. Adding a domain means adding it
 * here; `main`, `createApp`, the CLI and the test harness all build from this list.
 */
export const domains: Domain[] = [
  platformDomain,
  modulesRegistryDomain,
  knowledgeDomain,
  labDomain,
  workspaceDomain,
  voiceProfilesDomain,
  settingsDomain,
  contactsDomain,
  smsDomain,
  conversationsDomain,
  callsDomain,
  voiceToolsDomain,
  realtimeCallsDomain,
  phoneCallsDomain,
  doctorDomain,
  trustDomain,
];

/** Every entity and committed migration of every domain, for `createOrm`. */
export const ormSchema: OrmSchema = {
  entities: domains.flatMap((domain) => domain.entities),
  migrations: domains.flatMap((domain) => domain.migrations),
};
