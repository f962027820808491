import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CountryCode } from 'libphonenumber-js';
import { type AppConfig, loadConfig } from './config/env.ts';
import { runBackupCommand, runEmbeddedBackupCommand } from './db/backup-commands.ts';
import { clustersCommand } from './db/cluster-registry.ts';
import { toE164 } from './lib/phone-number.ts';
import { formatDoctorReport, runDoctor } from './modules/doctor/index.ts';
import {
  describeOperatorTenant,
  describeOperatorTenantAt,
  RELEASE_COMMANDS,
  tenantChoiceProblem,
} from './modules/remote-releases/index.ts';
import { assignMessagingNumber } from './modules/sms/index.ts';
import { createUser, deleteAccount, listUsers, setPassword, toAuthUserDto } from './modules/users/index.ts';
import { ormSchema } from './modules.ts';
import { openDatabase, REPO_ROOT, type Runtime } from './runtime.ts';

type Args = {
  values: {
    username?: string;
    password?: string;
    email?: string;
    admin: boolean;
    tenant?: string;
    phone?: string;
    version?: string;
    url?: string;
    percent?: string;
    name?: string;
    days?: string;
    keep?: string;
  };
  positionals: string[];
};
type Command = {
  usage: string;
  /** Why the arguments cannot do, or undefined when they can. */
  check: (args: Args) => string | undefined;
  run: (args: Args, runtime: Runtime, config: AppConfig) => Promise<string[]>;
};

const needsCredentials = ({ values }: Args) =>
  values.username && values.password ? undefined : 'needs --username and --password';
const messagingNumberOf = (phone: string) => toE164(phone, loadConfig().PHONE_DEFAULT_REGION as CountryCode);
const needsFile = ({ positionals }: Args) => (positionals.length === 1 ? undefined : 'needs one FILE');

const COMMANDS: Record<string, Command> = {
  ...RELEASE_COMMANDS,
  'user:create': {
    usage: 'user:create --username U --password P [--email E] [--admin] [--tenant T]',
    check: needsCredentials,
    run: async ({ values }, runtime) => {
      const tenantProblem = await tenantChoiceProblem(runtime.pool, values.tenant);
      if (tenantProblem) throw new Error(tenantProblem);
      const user = await createUser(runtime.orm.em.fork(), {
        username: values.username ?? '',
        password: values.password ?? '',
        email: values.email ?? null,
        isAdmin: values.admin,
        tenantId: values.tenant,
      });
      return [`Created ${user.isAdmin ? 'admin' : 'user'} ${user.username} in tenant ${user.tenantId}`];
    },
  },
  'user:password': {
    usage: 'user:password --username U --password P',
    check: needsCredentials,
    run: async ({ values }, runtime) => {
      const user = await setPassword(runtime.orm.em.fork(), values.username ?? '', values.password ?? '');
      return [`Password changed for ${user.username}; their sessions were ended`];
    },
  },
  'user:delete': {
    usage: 'user:delete --username U   (ends their sessions now; removes them and their data after 90 days)',
    check: ({ values }) => (values.username ? undefined : 'needs --username'),
    run: async ({ values }, runtime) => {
      const { user, purgeAfter } = await deleteAccount(runtime.orm.em.fork(), values.username ?? '');
      return [
        `Deleted ${user.username}: sessions ended, sign-in refused; data removed after ${purgeAfter.toISOString().slice(0, 10)}`,
      ];
    },
  },
  'user:list': {
    usage: 'user:list',
    check: () => undefined,
    run: async (_args, runtime) =>
      (await listUsers(runtime.orm.em.fork()))
        .map(toAuthUserDto)
        .map((user) =>
          [user.tenantId, user.username, user.email ?? '-', user.isAdmin ? 'admin' : 'user'].join('\t'),
        ),
  },
  'db:backup': {
    usage:
      'db:backup FILE       (DATABASE_URL: pg_dump custom format; embedded: a base backup, running or not)',
    check: needsFile,
    run: async ({ positionals }, runtime, config) => [
      await runBackupCommand('db:backup', positionals[0] ?? '', config, runtime.databaseUrl),
    ],
  },
  'db:restore': {
    usage: 'db:restore FILE      (replaces the contents in one transaction; stop the app first)',
    check: needsFile,
    run: async ({ positionals }, runtime, config) => [
      await runBackupCommand('db:restore', positionals[0] ?? '', config, runtime.databaseUrl),
    ],
  },
  'messaging:number': {
    usage:
      'messaging:number --tenant T --phone P   (the number the tenant texts from; webhooks find the tenant by it)',
    check: ({ values }) => {
      if (!values.tenant || !values.phone) return 'needs --tenant and --phone';
      return messagingNumberOf(values.phone)
        ? undefined
        : `cannot use ${values.phone}: not a valid phone number`;
    },
    run: async ({ values }, runtime) => {
      const phone = messagingNumberOf(values.phone ?? '') ?? '';
      await assignMessagingNumber(runtime.pool, values.tenant ?? '', phone);
      return [`Tenant ${values.tenant} now texts from ${phone}`];
    },
  },
};

const USAGE =
  `Operator commands:\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage}`)
    .join('\n')}\n  doctor [--json]      (each provider checked live; exit 1 when a configured one fails)` +
  '\n  db:clusters list | db:clusters remove ID   (root: the embedded clusters under /var/lib/annie)';

/**
 * `doctor [--json]`: every provider checked live; exit 0 when each configured one answers, else 1. The
 * database is opened only for Twilio (the tenants' numbers), so it runs on a machine with nothing set up.
 */
const SANDBOX_DOCTOR_NOTE =
  'The sandbox simulates every provider inside the running server, not here: its Voice Console shows them checked (Provider status).';

/** Which tenant manages remote releases: the one pinned in the database (read only, nothing migrated). */
async function operatorTenantLine(config: AppConfig, runtime: Runtime | undefined): Promise<string> {
  if (runtime) return describeOperatorTenant(runtime.pool, config);
  return describeOperatorTenantAt(config.DATABASE_URL, config);
}

async function doctor(rest: string[]): Promise<number> {
  const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
  const config = loadConfig();
  const runtime = config.TWILIO_ACCOUNT_SID ? await openDatabase(config, ormSchema) : undefined;
  try {
    const report = await runDoctor(config, runtime?.pool);
    if (!values.json) console.log(await operatorTenantLine(config, runtime));
    console.log(values.json ? JSON.stringify(report, null, 2) : formatDoctorReport(report).join('\n'));
    if (config.ANNIE_SANDBOX && !values.json) console.log(SANDBOX_DOCTOR_NOTE);
    return report.healthy ? 0 : 1;
  } finally {
    await runtime?.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const [name = '', ...rest] = argv;
  if (name === 'doctor') return doctor(rest);
  if (name === 'db:clusters') {
    // No database opened: it lists and removes the clusters' folders.
    try {
      for (const line of await clustersCommand(rest)) console.log(line);
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return 1;
    }
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const args = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      admin: { type: 'boolean', default: false },
      tenant: { type: 'string' },
      phone: { type: 'string' },
      version: { type: 'string' },
      url: { type: 'string' },
      percent: { type: 'string' },
      name: { type: 'string' },
      days: { type: 'string' },
      keep: { type: 'string' },
    },
  });
  const problem = command.check(args);
  if (problem) {
    console.error(`${name} ${problem}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  if ((name === 'db:backup' || name === 'db:restore') && !config.DATABASE_URL) {
    // The embedded database is never started for the occasion: backed up running or as its files.
    try {
      const dataDir = resolve(REPO_ROOT, config.DATA_DIR);
      const progress = (line: string) => console.log(line);
      console.log(
        await runEmbeddedBackupCommand(
          name,
          args.positionals[0] ?? '',
          dataDir,
          progress,
          config.BACKUP_ENCRYPTION_KEY,
        ),
      );
      return 0;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      return 1;
    }
  }
  const runtime = await openDatabase(config, ormSchema);
  try {
    for (const line of await command.run(args, runtime, config)) console.log(line);
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await runtime.close();
  }
}

const exitCode = await run(process.argv.slice(2));
// Set at the very end: pg or MikroORM teardown must not reset it.
process.exit(exitCode);
