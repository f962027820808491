/** Local development ports: the API, the shell's dev server and one dev server per remote. */
export const DEV_PORTS = {
  api: 3000,
  shell: 3001,
  voice: 3002,
  messaging: 3003,
  lab: 3004,
  knowledge: 3005,
  workspace: 3006,
} as const;

export type DevApp = Exclude<keyof typeof DEV_PORTS, 'api'>;

/** The remotes, in the order the dev script starts them. */
export const REMOTE_NAMES = [
  'voice',
  'messaging',
  'lab',
  'knowledge',
  'workspace',
] as const satisfies readonly DevApp[];
