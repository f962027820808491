import { REMOTE_NAMES, type RemoteName } from '@annie/contracts/remotes';

export { REMOTE_NAMES };

const API_PORT = 3000;
const SHELL_PORT = 3001;
/** The remotes' dev servers take the ports after the shell's, in the order of the remote list. */
const FIRST_REMOTE_PORT = 3002;

/** Local development ports: the API, the shell's dev server and one dev server per remote. */
export const DEV_PORTS = {
  api: API_PORT,
  shell: SHELL_PORT,
  ...(Object.fromEntries(REMOTE_NAMES.map((name, index) => [name, FIRST_REMOTE_PORT + index])) as Record<
    RemoteName,
    number
  >),
};

export type DevApp = Exclude<keyof typeof DEV_PORTS, 'api'>;
