// The remotes' release registry: its routes, the release files it serves, and the CLI's release commands.

export { deployTokenGate } from './deploy-token-gate.ts';
export { modulesRegistryDomain } from './modules-registry.domain.ts';
export {
  activateCommand,
  listCommand,
  publishCommand,
  remoteNameOf,
  rollbackCommand,
  versionProblem,
} from './release-commands.ts';
export { releaseFiles } from './release-files.ts';
