import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { createLogger } from './lib/logger.ts';
import { LoginRateLimiter } from './modules/auth/login-rate-limiter.ts';
import { featureModules } from './modules/feature-modules.ts';
import { ensureFirstAdmin } from './modules/users/first-admin.ts';
import { buildDirs, openDatabase, sessionKeys } from './runtime.ts';
import { closeGracefully, listen } from './server.ts';

const SESSION_PURGE_INTERVAL_MS = 15 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const started = performance.now();
  const runtime = await openDatabase(config);
  await ensureFirstAdmin(runtime.orm.em.fork(), config.ANNIE_ADMIN_PASSWORD, (line) => console.log(line));
  const { app, services } = createApp({
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
  const purge = setInterval(() => {
    void services.sessionStore
      .purgeExpired()
      .catch((error) => logger.warn({ err: error }, 'session purge failed'));
    void LoginRateLimiter.purgeExpired(runtime.pool).catch((error) =>
      logger.warn({ err: error }, 'rate-limit purge failed'),
    );
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.info({ port, readyMs: Math.round(performance.now() - started) }, 'AnnieAI is ready');
  console.log(`AnnieAI is running on http://localhost:${port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(purge);
    // Together: background work (e.g. the lab's event streams) must end for open requests to finish.
    await Promise.all([closeGracefully(server), ...stopBackground.map((stopOne) => stopOne())]);
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
