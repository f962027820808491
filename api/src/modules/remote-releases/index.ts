// The remotes' release registry: its routes, the release files it serves, and the CLI's release commands.

export { deployTokenGate } from './deploy-token-gate.ts';
export { describeOperatorTenant, describeOperatorTenantAt, tenantChoiceProblem } from './operator-access.ts';
export { registryReader } from './registry-reader.queries.ts';
export { RELEASE_COMMANDS } from './release-cli.ts';
export { releaseFiles } from './release-files.ts';
export { releasesPageIsolation } from './releases-page-isolation.ts';
export { remoteReleasesModule } from './remote-releases.module.ts';
