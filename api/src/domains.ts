import type { OrmSchema } from './db/orm.ts';
import type { Domain } from './domain.ts';
import { backupsDomain } from './modules/backups/index.ts';
import { contactsDomain } from './modules/contacts/index.ts';
import { doctorDomain } from './modules/doctor/index.ts';
import { knowledgeDomain } from './modules/knowledge/index.ts';
import { labDomain } from './modules/lab/index.ts';
import { platformDomain } from './modules/platform.domain.ts';
import { remoteReleasesDomain } from './modules/remote-releases/index.ts';
import { settingsDomain } from './modules/settings/index.ts';
import { smsDomain } from './modules/sms/index.ts';
import { trustDomain } from './modules/trust/index.ts';
import { usageDomain } from './modules/usage/index.ts';
import { browserCallsDomain } from './modules/voice/browser-calls/index.ts';
import { callSessionsDomain } from './modules/voice/call-sessions/index.ts';
import { conversationsDomain } from './modules/voice/conversations/index.ts';
import { phoneCallsDomain } from './modules/voice/phone-calls/index.ts';
import { voiceProfilesDomain } from './modules/voice/profiles/index.ts';
import { voiceToolsDomain } from './modules/voice/tools/index.ts';
import { typedCallsDomain } from './modules/voice/typed-calls/index.ts';
import { workspaceDomain } from './modules/workspace/index.ts';

/**
 * The composition root: every domain the API serves, the platform first. Adding a domain means adding it
 * here; `main`, `createApp`, the CLI and the test harness all build from this list.
 */
export const domains: Domain[] = [
  platformDomain,
  remoteReleasesDomain,
  knowledgeDomain,
  labDomain,
  workspaceDomain,
  voiceProfilesDomain,
  settingsDomain,
  contactsDomain,
  smsDomain,
  conversationsDomain,
  callSessionsDomain,
  typedCallsDomain,
  voiceToolsDomain,
  browserCallsDomain,
  phoneCallsDomain,
  doctorDomain,
  trustDomain,
  backupsDomain,
  usageDomain,
];

/** Every entity and committed migration of every domain, for `createOrm`. */
export const ormSchema: OrmSchema = {
  entities: domains.flatMap((domain) => domain.entities),
  migrations: domains.flatMap((domain) => domain.migrations),
};
