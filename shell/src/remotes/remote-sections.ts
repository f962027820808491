import type { RemoteName } from '@annie/contracts/remotes';

/** What the product calls each remote's part of it, in sentences such as "A new version of … is available". */
export const REMOTE_SECTIONS: Record<RemoteName, string> = {
  voice: 'Voice',
  messaging: 'Messages',
  lab: 'the Lab Console',
  knowledge: 'the Knowledge Base',
  workspace: 'Google Workspace',
};
