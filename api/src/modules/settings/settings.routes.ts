import type { AppSettings } from '@annie/contracts/settings';
import * as contract from '@annie/contracts/settings-routes';
import Router from '@koa/router';
import type { AppConfig } from '../../config/env.ts';
import type { AppState } from '../../http/app-state.ts';
import { defineRoutes } from '../../http/define-route.ts';

/** GET /api/settings: the product settings every screen reads, such as the assistant's first name. */
export function settingsRoutes(config: Pick<AppConfig, 'ASSISTANT_NAME'>) {
  const settings: AppSettings = { assistantName: config.ASSISTANT_NAME };

  return defineRoutes(new Router<AppState>(), contract, {
    getSettings: () => ({ status: 200, body: settings }),
  });
}
