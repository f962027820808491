import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { createLogger } from './lib/logger.ts';
import { featureModules } from './modules/feature-modules.ts';
import { startRetentionSchedule } from './modules/lifecycle/retention-schedule.ts';
import { ensureFirstAdmin } from './modules/users/first-admin.ts';
import { buildDirs, openDatabase, sessionKeys } from './runtime.ts';
import { closeGracefully, listen } from './server.ts';

// Past the grace period, whatever still holds the process (a stuck job, a socket) does not keep it alive.
const HARD_STOP_MARGIN_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const started = performance.now();
  const runtime = await openDatabase(config);
  await ensureFirstAdmin(runtime.orm.em.fork(), config.ANNIE_ADMIN_PASSWORD, (line) => console.log(line));
  const { app } = createApp({
    config,
    orm: runtime.orm,
    pool: runtime.pool,
    logger,
    sessionKeys: await sessionKeys(config),
    staticDirs: buildDirs(config),
  });
  const deps = { config, orm: runtime.orm, pool: runtime.pool, logger };
  const stopBackground = await Promise.all(
    featureModules.map((module) => module.startBackground?.(deps) ?? Promise.resolve(async () => {})),
  );
  const server = await listen(app as never, config.PORT, config.HOST);
  // Expired sessions, login counters, deleted accounts and old job history (README "Data lifecycle").
  const stopRetention = startRetentionSchedule(runtime.pool, logger);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port, readyMs: Math.round(performance.now() - started) }, 'AnnieAI is ready');
  console.log(`AnnieAI is running on http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down');
    setTimeout(() => {
      logger.warn('shutdown grace period over: exiting with work still open');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + HARD_STOP_MARGIN_MS).unref();
    // Together: background work (e.g. the lab's event streams) must end for open requests to finish.
    await Promise.all([
      closeGracefully(server, config.SHUTDOWN_GRACE_MS),
      stopRetention(),
      ...stopBackground.map((stopOne) => stopOne()),
    ]);
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
