import { DEPLOY_TOKEN_DEFAULT_DAYS } from '@annie/contracts/remote-releases';
import { REMOTE_NAMES, type RemoteName } from '@annie/contracts/remotes';
import type { AppConfig } from '../../config/env.ts';
import type { Runtime } from '../../runtime.ts';
import { approveCommand, operatorTenantCommand } from './approval-commands.ts';
import { createDeployToken, listDeployTokens, revokeDeployToken } from './deploy-tokens.ts';
import { setAutoRollback } from './release.service.ts';
import { setTokenApproves } from './release-approval.ts';
import {
  activateCommand,
  listCommand,
  operatorActor,
  publishCommand,
  remoteNameOf,
  rollbackCommand,
  versionProblem,
} from './release-commands.ts';
import { deleteRelease, pruneReleases } from './release-retention.ts';

/** The options the release commands read (the CLI parses them). */
type ReleaseArgs = {
  values: { version?: string; url?: string; percent?: string; name?: string; days?: string; keep?: string };
  positionals: string[];
};
type ReleaseCommand = {
  usage: string;
  check: (args: ReleaseArgs) => string | undefined;
  run: (args: ReleaseArgs, runtime: Runtime, config: AppConfig) => Promise<string[]>;
};

const needsRemote = ({ positionals }: ReleaseArgs, at = 0) =>
  remoteNameOf(positionals[at])
    ? undefined
    : `needs a remote name ${at === 0 ? 'first' : `after ${positionals[0]}`} (one of ${REMOTE_NAMES.join(', ')})`;
const percentOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const remoteAt = (args: ReleaseArgs, at = 0): RemoteName => remoteNameOf(args.positionals[at]) ?? 'voice';
const positiveInteger = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : undefined;
};

/** The operator's `remote:*` commands (`npm run annie -- remote:…`). */
export const RELEASE_COMMANDS: Record<string, ReleaseCommand> = {
  'remote:publish': {
    usage:
      'remote:publish NAME DIST --version V | remote:publish NAME --url MANIFEST-URL --version V   (checked against the shell; does not activate)',
    check: (args) => {
      const { positionals, values } = args;
      const problem = needsRemote(args) ?? versionProblem(values.version);
      if (problem) return problem;
      if (values.url ? positionals.length !== 1 : positionals.length !== 2)
        return 'needs either a DIST folder or --url, not both';
      return undefined;
    },
    run: async (args, runtime, config) =>
      publishCommand(runtime.pool, config, {
        remote: remoteAt(args),
        version: args.values.version ?? '',
        dist: args.positionals[1],
        url: args.values.url,
      }),
  },
  'remote:list': {
    usage:
      'remote:list [NAME]   (versions, who published them, what is active, canary, load failures, the audit log)',
    check: (args) => (args.positionals.length === 0 ? undefined : needsRemote(args)),
    run: async ({ positionals }, runtime, config) =>
      listCommand(runtime.pool, config, remoteNameOf(positionals[0])),
  },
  'remote:activate': {
    usage: 'remote:activate NAME VERSION [--percent N]   (N 1-99: a canary for N% of users, sticky per user)',
    check: (args) => {
      const percent = percentOf(args.values.percent);
      if (percent !== undefined && !(Number.isInteger(percent) && percent >= 1 && percent <= 100))
        return 'needs --percent between 1 and 100';
      return needsRemote(args) ?? (args.positionals.length === 2 ? undefined : 'needs NAME VERSION');
    },
    run: async (args, runtime) =>
      activateCommand(runtime.pool, {
        remote: remoteAt(args),
        version: args.positionals[1] ?? '',
        percent: percentOf(args.values.percent),
      }),
  },
  'remote:rollback': {
    usage: 'remote:rollback NAME   (ends the canary, or else returns to the version active before)',
    check: (args) => needsRemote(args) ?? (args.positionals.length === 1 ? undefined : 'needs NAME only'),
    run: async (args, runtime) => rollbackCommand(runtime.pool, remoteAt(args)),
  },
  'remote:auto-rollback': {
    usage: 'remote:auto-rollback NAME on|off   (whether load failures roll a new version back by themselves)',
    check: (args) =>
      needsRemote(args) ??
      (['on', 'off'].includes(args.positionals[1] ?? '') ? undefined : 'needs NAME on|off'),
    run: async (args, runtime) => {
      const enabled = args.positionals[1] === 'on';
      await setAutoRollback(runtime.pool, { remote: remoteAt(args), enabled, actor: operatorActor() });
      return [`${remoteAt(args)}: automatic rollback ${enabled ? 'on' : 'off'}`];
    },
  },
  'remote:approve': {
    usage:
      "remote:approve NAME VERSION   (shows what a deploy token's version changes, then lets it reach every tenant)",
    check: (args) => needsRemote(args) ?? versionProblem(args.positionals[1]),
    run: async (args, runtime) =>
      approveCommand(runtime.pool, { remote: remoteAt(args), version: args.positionals[1] ?? '' }),
  },
  'remote:token-approves': {
    usage:
      "remote:token-approves NAME on|off   (whether the remote's deploy tokens approve their own versions; off)",
    check: (args) =>
      needsRemote(args) ??
      (['on', 'off'].includes(args.positionals[1] ?? '') ? undefined : 'needs NAME on|off'),
    run: async (args, runtime) => {
      const enabled = args.positionals[1] === 'on';
      await setTokenApproves(runtime.pool, { remote: remoteAt(args), enabled, actor: operatorActor() });
      return [
        `${remoteAt(args)}: deploy tokens ${enabled ? 'approve their own versions' : 'wait for approval'}`,
      ];
    },
  },
  'remote:operator-tenant': {
    usage:
      'remote:operator-tenant TENANT   (whose administrators manage releases; pinned at the first start)',
    check: (args) =>
      args.positionals.length === 1 && /^[\w.-]{1,64}$/.test(args.positionals[0] ?? '')
        ? undefined
        : 'needs the TENANT id (user:list shows them)',
    run: async (args, runtime) =>
      operatorTenantCommand(runtime.pool, REMOTE_NAMES, args.positionals[0] ?? ''),
  },
  'remote:token': {
    usage:
      "remote:token create NAME --name TOKEN-NAME [--days D, 90 by default] | remote:token list [NAME] | remote:token revoke ID   (deploy tokens for teams' CI)",
    check: (args) => {
      const [action] = args.positionals;
      if (action === 'create')
        return (
          needsRemote(args, 1) ??
          (args.values.name ? undefined : 'create needs --name') ??
          (args.values.days === undefined || positiveInteger(args.values.days)
            ? undefined
            : 'needs --days D, D ≥ 1')
        );
      if (action === 'list') return args.positionals[1] ? needsRemote(args, 1) : undefined;
      if (action === 'revoke') return args.positionals[1] ? undefined : 'revoke needs the token ID';
      return 'needs create, list or revoke';
    },
    run: async (args, runtime) => {
      const [action, target = ''] = args.positionals;
      if (action === 'create') {
        const days = positiveInteger(args.values.days) ?? DEPLOY_TOKEN_DEFAULT_DAYS;
        const { token, deployToken } = await createDeployToken(runtime.pool, {
          remote: remoteAt(args, 1),
          name: args.values.name ?? '',
          expiresAt: new Date(Date.now() + days * 86_400_000),
          createdBy: operatorActor(),
        });
        return [
          `Deploy token ${deployToken.id} for ${deployToken.remote} (${deployToken.name}), ${deployToken.expiresAt ? `expires ${deployToken.expiresAt}` : 'until revoked'}.`,
          'Shown this once; give it to the team as ANNIE_DEPLOY_TOKEN:',
          token,
        ];
      }
      if (action === 'revoke') {
        const revoked = await revokeDeployToken(runtime.pool, target, operatorActor());
        return [`Deploy token ${revoked.id} (${revoked.remote}, ${revoked.name}) revoked`];
      }
      const tokens = await listDeployTokens(runtime.pool, remoteNameOf(target));
      if (tokens.length === 0) return ['No deploy tokens'];
      return tokens.map((token) =>
        [
          token.id,
          token.remote,
          token.name,
          token.revokedAt
            ? `revoked ${token.revokedAt}`
            : token.expiresAt
              ? `expires ${token.expiresAt}`
              : 'no expiry',
          `last used ${token.lastUsedAt ?? 'never'}`,
          `by ${token.createdBy}`,
        ].join('\t'),
      );
    },
  },
  'remote:delete': {
    usage:
      'remote:delete NAME VERSION   (a release that is not active, the canary, nor what rollback returns to)',
    check: (args) => needsRemote(args) ?? versionProblem(args.positionals[1]),
    run: async (args, runtime) => {
      const version = args.positionals[1] ?? '';
      await deleteRelease(runtime.pool, { remote: remoteAt(args), version, actor: operatorActor() });
      return [`${remoteAt(args)} ${version} deleted`];
    },
  },
  'remote:prune': {
    usage:
      'remote:prune NAME [--keep N]   (deletes all but the newest N releases, RELEASE_KEEP by default; never one in use)',
    check: (args) =>
      needsRemote(args) ??
      (args.values.keep === undefined || positiveInteger(args.values.keep)
        ? undefined
        : 'needs --keep N, N ≥ 1'),
    run: async (args, runtime, config) => {
      const keep = positiveInteger(args.values.keep) ?? config.RELEASE_KEEP;
      const deleted = await pruneReleases(runtime.pool, {
        remote: remoteAt(args),
        keep,
        actor: operatorActor(),
      });
      return [
        deleted.length
          ? `${remoteAt(args)}: deleted ${deleted.join(', ')}`
          : `${remoteAt(args)}: nothing to delete`,
      ];
    },
  },
};
