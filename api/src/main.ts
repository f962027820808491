import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import { createApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfig } from './config/env.ts';
import { EmbeddedPostgresError } from './db/embedded-postgres.ts';
import { createLogger } from './lib/logger.ts';
import { ensureFirstAdmin } from './modules/users/index.ts';
import { modules, ormSchema } from './modules.ts';
import { startObservability } from './observability/start-observability.ts';
import { withServedModels } from './providers/openai/configured-models.ts';
import { buildDirs, openDatabase, sessionKeys } from './runtime.ts';
import { SANDBOX_NOTICE, SandboxRefused } from './sandbox/sandbox-settings.ts';
import { bindPort, closeGracefully, cutUpgradedSockets, portOf, serveApp } from './server.ts';

// Past the grace period, whatever still holds the process (a stuck job, a socket) does not keep it alive.
const HARD_STOP_MARGIN_MS = 5_000;
// After CALL_DRAIN_MS, the calls left are ended with a closing line: time for it to be said and played.
const CALL_GOODBYE_MS = 30_000;

/** The command line: `--seed` (sandbox only) adds the sample data. */
function parseCommandLine(): { seed: boolean } {
  try {
    const { values } = parseArgs({ options: { seed: { type: 'boolean', default: false } } });
    return { seed: values.seed };
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\nUsage: node api/src/main.ts [--seed]`);
  }
}

/** With ANNIE_SANDBOX: the fakes started in this process and the configuration that points at them. */
async function sandboxOf(config: AppConfig, logger: ReturnType<typeof createLogger>, server: Server) {
  // Loaded only for a sandbox: a production start never imports the fakes.
  const { startSandbox } = await import('./sandbox/start-sandbox.ts');
  return startSandbox(config, logger, portOf(server));
}

async function main(): Promise<void> {
  const commandLine = parseCommandLine();
  const operatorConfig = loadConfig();
  if (commandLine.seed && !operatorConfig.ANNIE_SANDBOX) {
    throw new ConfigError(
      '--seed works only in the sandbox (npm run sandbox -- --seed): it adds sample data',
    );
  }
  const logger = createLogger(operatorConfig.LOG_LEVEL, operatorConfig.LOG_FORMAT);
  const started = performance.now();
  // The sandbox's fakes must know the app's port before the app is built (webhooks, redirects), so a
  // sandbox binds it first. A production start binds it once ready: nothing connects to a half-started app.
  const early = operatorConfig.ANNIE_SANDBOX
    ? await bindPort(operatorConfig.PORT, operatorConfig.HOST)
    : undefined;
  const sandbox = early && (await sandboxOf(operatorConfig, logger, early));
  const { config, replaced } = withServedModels(sandbox?.config ?? operatorConfig);
  for (const setting of replaced)
    logger.warn(setting, 'model setting names a retired OpenAI model; using the default');
  // Before the database: a configuration that cannot work (no shared SESSION_SECRET) is refused untouched.
  const keys = await sessionKeys(config);
  // Before the database: its pool's statements are traced when tracing is on.
  const observability = await startObservability(config);
  const runtime = await openDatabase(config, ormSchema);
  if (runtime.embeddedDatabase) console.log(runtime.embeddedDatabase);
  await ensureFirstAdmin(runtime.orm.em.fork(), config.ANNIE_ADMIN_PASSWORD, (line) => console.log(line));
  const { app, background, deps } = createApp({
    config,
    orm: runtime.orm,
    pool: runtime.pool,
    logger,
    sessionKeys: keys,
    staticDirs: buildDirs(config),
    modules: sandbox ? [...modules, sandbox.module] : modules,
  });
  if (commandLine.seed) {
    const { seedSandbox } = await import('./sandbox/seed/seed-sandbox.ts');
    // Before the workers start, so they pick up the sample lab jobs at once.
    logger.info({ sandbox: true, ...(await seedSandbox(deps)) }, 'sandbox sample data seeded');
  }
  // Every domain's background work: the lab worker, the retention schedule (docs/deployment.md "Data retention")…
  await background.start();
  const server = early ?? (await bindPort(config.PORT, config.HOST));
  serveApp(server, app as never);
  const port = portOf(server);
  await observability.serveMetrics(logger);
  logger.info(
    { port, readyMs: Math.round(performance.now() - started), sandbox: config.ANNIE_SANDBOX },
    'AnnieAI is ready',
  );
  if (sandbox) console.log(`AnnieAI sandbox (${SANDBOX_NOTICE}) is running on ${config.PUBLIC_URL}`);
  else console.log(`AnnieAI is running on http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Draining: readiness answers 503 at once and no new call or media stream is taken here; the live
    // calls go on for up to CALL_DRAIN_MS (docs/deployment.md "Draining") while HTTP has its own grace.
    deps.lifecycle.beginDrain();
    const stopStarted = performance.now();
    const live = deps.lifecycle.live();
    logger.info(
      { signal, graceMs: config.SHUTDOWN_GRACE_MS, callDrainMs: config.CALL_DRAIN_MS, live },
      'shutting down',
    );
    // A cap only: the process exits as soon as its work is done.
    const longest = Math.max(config.SHUTDOWN_GRACE_MS, config.CALL_DRAIN_MS + CALL_GOODBYE_MS);
    setTimeout(() => {
      logger.warn('shutdown grace period over: exiting with work still open');
      process.exit(1);
    }, longest + HARD_STOP_MARGIN_MS).unref();
    // Together: background work (e.g. the live event streams) must end for open requests to finish;
    // the calls' WebSockets are left to their modules' drain, then whatever is left is cut.
    await Promise.all([
      closeGracefully(server, config.SHUTDOWN_GRACE_MS, { keepUpgraded: true }),
      background.stop(),
    ]);
    cutUpgradedSockets(server);
    logger.info({ stopMs: Math.round(performance.now() - stopStarted) }, 'stopped');
    await observability.stop();
    await runtime.close();
    await sandbox?.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof SandboxRefused ||
    error instanceof EmbeddedPostgresError
  ) {
    console.error(error.message);
  } else console.error(error);
  process.exit(1);
});
