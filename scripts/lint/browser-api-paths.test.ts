import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Browser code names no API path: it calls routes by their contracts (`callRoute`, `routeUrl`,
// `contract.path` for a query key), so a path is written once, in packages/api-client/src/contracts.
const ROOT = join(import.meta.dirname, '../..');
const SCANNED = ['shell/src', 'packages/api-client/src', 'packages/ui/src', ...remoteSources()];
const API_PATH = /['"`]\/api\//;
const EXEMPT = /(\.test\.tsx?|\.stories\.tsx)$|\/testing\/|\/contracts\//;

/**
 * Files not yet moved to contracts. The list may only shrink: a file that no longer names a path must
 * leave it, and no new file may join it.
 */
const NOT_YET_ON_CONTRACTS = new Set([
  'packages/api-client/src/auth/sign-in.ts',
  'packages/api-client/src/auth/use-auth-user.ts',
  'packages/api-client/src/auth/use-logout.ts',
  'packages/api-client/src/calls/use-call-mutations.ts',
  'packages/api-client/src/calls/use-call-sessions.ts',
  'packages/api-client/src/doctor/use-provider-status.ts',
  'packages/api-client/src/lab/export-lab-job.ts',
  'packages/api-client/src/lab/use-create-lab-job.ts',
  'packages/api-client/src/lab/use-lab-job-events.ts',
  'packages/api-client/src/lab/use-lab-job.ts',
  'packages/api-client/src/lab/use-lab-jobs.ts',
  'packages/api-client/src/realtime/post-realtime-offer.ts',
  'packages/api-client/src/realtime/use-ice-servers.ts',
  'packages/api-client/src/remote-releases/report-remote-load-error.ts',
  'packages/api-client/src/remote-releases/use-deploy-tokens.ts',
  'packages/api-client/src/remote-releases/use-module-registry.ts',
  'packages/api-client/src/remote-releases/use-release-mutations.ts',
  'packages/api-client/src/remote-releases/use-remote-releases.ts',
  'packages/api-client/src/sandbox/use-simulate-inbound-call.ts',
  'packages/api-client/src/sandbox/use-simulate-inbound-text.ts',
  'packages/api-client/src/trust/use-call-messages.ts',
  'packages/api-client/src/trust/use-pending-action-mutations.ts',
  'packages/api-client/src/trust/use-pending-actions.ts',
  'packages/api-client/src/trust/use-phone-access.ts',
  'packages/api-client/src/usage/export-usage-csv.ts',
  'packages/api-client/src/usage/use-budget-status.ts',
  'packages/api-client/src/usage/use-usage-report.ts',
  'packages/api-client/src/usage/use-usage-settings.ts',
  'packages/api-client/src/voice-profiles/export-voice-profile.ts',
  'packages/api-client/src/voice-profiles/get-ai-session-config.ts',
  'packages/api-client/src/voice-profiles/start-voice-test.ts',
  'packages/api-client/src/voice-profiles/use-create-voice-profile.ts',
  'packages/api-client/src/voice-profiles/use-delete-voice-profile.ts',
  'packages/api-client/src/voice-profiles/use-import-voice-profile.ts',
  'packages/api-client/src/voice-profiles/use-make-default-voice-profile.ts',
  'packages/api-client/src/voice-profiles/use-restore-voice-profile-version.ts',
  'packages/api-client/src/voice-profiles/use-update-annie-config.ts',
  'packages/api-client/src/voice-profiles/use-update-voice-profile.ts',
  'packages/api-client/src/voice-profiles/use-voice-profile-preview.ts',
  'packages/api-client/src/voice-profiles/use-voice-profile-versions.ts',
  'packages/api-client/src/voice-profiles/use-voice-profiles.ts',
  'packages/api-client/src/voice-tools/run-voice-tool.ts',
  'packages/api-client/src/workspace/run-workspace-tool.ts',
  'packages/api-client/src/workspace/use-activate-google-account.ts',
  'packages/api-client/src/workspace/use-connect-google.ts',
  'packages/api-client/src/workspace/use-disconnect-google.ts',
  'packages/api-client/src/workspace/use-google-accounts.ts',
  'packages/api-client/src/workspace/use-google-status.ts',
  'shell/src/boot/federated-app.ts',
  'shell/src/remotes/start-fetching.ts',
]);

function remoteSources(): string[] {
  return readdirSync(join(ROOT, 'remotes')).map((remote) => `remotes/${remote}/src`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((file) => !EXEMPT.test(file) && !file.includes('node_modules'));
}

describe('API paths in browser code', () => {
  const naming = SCANNED.flatMap(sourceFiles).filter((file) =>
    API_PATH.test(readFileSync(join(ROOT, file), 'utf8')),
  );

  it('are written only in the route contracts', () => {
    expect(naming.filter((file) => !NOT_YET_ON_CONTRACTS.has(file))).toEqual([]);
  });

  it('leaves the list of files not yet on contracts as they move', () => {
    expect([...NOT_YET_ON_CONTRACTS].filter((file) => !naming.includes(file))).toEqual([]);
  });
});
