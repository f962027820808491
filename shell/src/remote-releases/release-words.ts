import type { DeployToken, RemoteAuditEntry } from '@annie/contracts/remote-releases';
import type { RemoteName } from '@annie/contracts/remotes';
import { formatDateTime } from '@annie/ui/format';

/** The remotes as the screen names them (the API's names are in paths and commands only). */
export const REMOTE_LABELS: Readonly<Record<RemoteName, string>> = {
  voice: 'Voice',
  messaging: 'Messaging',
  lab: 'Lab',
  knowledge: 'Knowledge',
  workspace: 'Google Workspace',
};

/** What each audited change is, in words. */
export const AUDIT_ACTION_LABELS: Readonly<Record<RemoteAuditEntry['action'], string>> = {
  publish: 'Published',
  activate: 'Activated for everyone',
  canary: 'Canary started',
  rollback: 'Rolled back',
  'auto-rollback': 'Rolled back automatically',
  'auto-rollback-on': 'Automatic rollback turned on',
  'auto-rollback-off': 'Automatic rollback turned off',
  delete: 'Deleted',
  'token-create': 'Deploy token created',
  'token-revoke': 'Deploy token revoked',
  approve: 'Approved for every tenant',
  'token-approves-on': 'Tokens may approve their own versions',
  'token-approves-off': 'Tokens may no longer approve their own versions',
  'operator-tenant': 'Operator tenant changed',
};

const ISO_MOMENT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})\b/g;

/** A stored sentence with every ISO timestamp in it written like the screen's other dates. */
export function withReadableDates(text: string): string {
  return text.replace(ISO_MOMENT, (moment) => formatDateTime(moment) || moment);
}

/** Who did it: the registry's automatic actions and the terminal's operator in words. */
export function actorInWords(actor: string): string {
  if (actor === 'registry') return 'Automatic (load failures)';
  if (actor.startsWith('operator:')) return `${actor.slice('operator:'.length)} (terminal)`;
  if (actor.startsWith('token:')) return `Deploy token ${actor.slice('token:'.length)}`;
  return actor;
}

export type TokenStatus = { label: 'Active' | 'Revoked' | 'Expired'; color: 'green' | 'red' | 'gray' };

export function tokenStatus(token: DeployToken, now = Date.now()): TokenStatus {
  if (token.revokedAt) return { label: 'Revoked', color: 'red' };
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now)
    return { label: 'Expired', color: 'gray' };
  return { label: 'Active', color: 'green' };
}
