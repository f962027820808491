import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { ormSchema } from './domains.ts';
import { createLogger } from './lib/logger.ts';
import { ensureFirstAdmin } from './modules/users/first-admin.ts';
import { buildDirs, openDatabase, sessionKeys } from './runtime.ts';
import { closeGracefully, listen } from './server.ts';

// Past the grace period, whatever still holds the process (a stuck job, a socket) does not keep it alive.
const HARD_STOP_MARGIN_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const started = performance.now();
  const runtime = await openDatabase(config, ormSchema);
  await ensureFirstAdmin(runtime.orm.em.fork(), config.ANNIE_ADMIN_PASSWORD, (line) => console.log(line));
  const { app, background } = createApp({
    config,
    orm: runtime.orm,
    pool: runtime.pool,
    logger,
    sessionKeys: await sessionKeys(config),
    staticDirs: buildDirs(config),
  });
  // Every domain's background work: the lab worker, the retention schedule (README "Data lifecycle")…
  await background.start();
  const server = await listen(app as never, config.PORT, config.HOST);
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
    // Together: background work (e.g. the live event streams) must end for open requests to finish.
    await Promise.all([closeGracefully(server, config.SHUTDOWN_GRACE_MS), background.stop()]);
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
