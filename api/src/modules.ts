import type { ApiModule } from './api-module.ts';
import type { OrmSchema } from './db/orm.ts';
import { backupsModule } from './modules/backups/index.ts';
import { contactsModule } from './modules/contacts/index.ts';
import { doctorModule } from './modules/doctor/index.ts';
import { knowledgeModule } from './modules/knowledge/index.ts';
import { labModule } from './modules/lab/index.ts';
import { platformModule } from './modules/platform.module.ts';
import { remoteReleasesModule } from './modules/remote-releases/index.ts';
import { settingsModule } from './modules/settings/index.ts';
import { smsModule } from './modules/sms/index.ts';
import { trustModule } from './modules/trust/index.ts';
import { usageModule } from './modules/usage/index.ts';
import { browserCallsModule } from './modules/voice/browser-calls/index.ts';
import { callSessionsModule } from './modules/voice/call-sessions/index.ts';
import { conversationsModule } from './modules/voice/conversations/index.ts';
import { phoneCallsModule } from './modules/voice/phone-calls/index.ts';
import { voiceProfilesModule } from './modules/voice/profiles/index.ts';
import { voiceToolsModule } from './modules/voice/tools/index.ts';
import { typedCallsModule } from './modules/voice/typed-calls/index.ts';
import { workspaceModule } from './modules/workspace/index.ts';

/**
 * The composition root: every module the API serves, the platform first. Adding a module means adding it
 * here; `main`, `createApp`, the CLI and the test harness all build from this list.
 */
export const modules: ApiModule[] = [
  platformModule,
  remoteReleasesModule,
  knowledgeModule,
  labModule,
  workspaceModule,
  voiceProfilesModule,
  settingsModule,
  contactsModule,
  smsModule,
  conversationsModule,
  callSessionsModule,
  typedCallsModule,
  voiceToolsModule,
  browserCallsModule,
  phoneCallsModule,
  doctorModule,
  trustModule,
  backupsModule,
  usageModule,
];

/** Every entity and committed migration of every module, for `createOrm`. */
export const ormSchema: OrmSchema = {
  entities: modules.flatMap((module) => module.entities),
  migrations: modules.flatMap((module) => module.migrations),
};
