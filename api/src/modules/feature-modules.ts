import { contactsModule } from './contacts/contacts.module.ts';
import { conversationsModule } from './conversations/conversations.module.ts';
import type { FeatureModule } from './feature-module.ts';
import { knowledgeModule } from './knowledge/knowledge.module.ts';
import { labModule } from './lab/lab.module.ts';
import { settingsModule } from './settings/settings.module.ts';
import { smsModule } from './sms/sms.module.ts';
import { voiceProfilesModule } from './voice-profiles/voice-profiles.module.ts';
import { workspaceModule } from './workspace/workspace.module.ts';

/** Every product domain the API serves, beyond the platform itself. */
export const featureModules: FeatureModule[] = [
  knowledgeModule,
  labModule,
  workspaceModule,
  voiceProfilesModule,
  settingsModule,
  contactsModule,
  smsModule,
  conversationsModule,
];
