import { parseArgs } from 'node:util';
import { loadConfig } from './config/env.ts';
import { toAuthUserDto } from './modules/users/user.dto.ts';
import { createUser, listUsers, setPassword } from './modules/users/user.service.ts';
import { openDatabase } from './runtime.ts';

const USAGE = `Operator commands:
  user:create --username U --password P [--email E] [--admin] [--tenant T]
  user:password --username U --password P
  user:list`;

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      admin: { type: 'boolean', default: false },
      tenant: { type: 'string' },
    },
  });
  if (command !== 'user:create' && command !== 'user:password' && command !== 'user:list') {
    console.error(USAGE);
    return 2;
  }
  if (command !== 'user:list' && (!values.username || !values.password)) {
    console.error(`${command} needs --username and --password\n\n${USAGE}`);
    return 2;
  }
  const runtime = await openDatabase(loadConfig());
  try {
    const em = runtime.orm.em.fork();
    if (command === 'user:create') {
      const user = await createUser(em, {
        username: values.username ?? '',
        password: values.password ?? '',
        email: values.email ?? null,
        isAdmin: values.admin,
        tenantId: values.tenant,
      });
      console.log(`Created ${user.isAdmin ? 'admin' : 'user'} ${user.username} in tenant ${user.tenantId}`);
    } else if (command === 'user:password') {
      const user = await setPassword(em, values.username ?? '', values.password ?? '');
      console.log(`Password changed for ${user.username}; their sessions were ended`);
    } else {
      for (const user of (await listUsers(em)).map(toAuthUserDto)) {
        console.log(
          [user.tenantId, user.username, user.email ?? '-', user.isAdmin ? 'admin' : 'user'].join('\t'),
        );
      }
    }
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
