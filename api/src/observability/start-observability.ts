import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/env.ts';
import { startMetricsServer } from './metrics-server.ts';
import { samplerFor, startTracing } from './tracing.ts';

/**
 * main.ts's part: tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (before the database opens, so its
 * statements are traced), and once the app is ready the metrics listener on METRICS_PORT (none when unset).
 */
export async function startObservability(config: AppConfig) {
  const stopTracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await startTracing({
        serviceName: config.OTEL_SERVICE_NAME,
        sampler: samplerFor(config.OTEL_TRACES_SAMPLER, config.OTEL_TRACES_SAMPLER_ARG),
      })
    : undefined;
  let metrics: Server | undefined;
  return {
    serveMetrics: async (logger: Logger) => {
      if (config.METRICS_PORT === undefined) return;
      metrics = await startMetricsServer({
        port: config.METRICS_PORT,
        host: config.METRICS_HOST ?? config.HOST,
        token: config.METRICS_TOKEN,
      });
      const address = metrics.address();
      const port = typeof address === 'object' && address ? address.port : config.METRICS_PORT;
      logger.info({ metricsPort: port, tokenRequired: Boolean(config.METRICS_TOKEN) }, 'metrics served');
    },
    stop: async () => {
      await new Promise<void>((resolve) => (metrics ? metrics.close(() => resolve()) : resolve()));
      await stopTracing?.();
    },
  };
}
