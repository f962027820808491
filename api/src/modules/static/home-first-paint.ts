import type { RemoteEntry } from '@annie/contracts/remote-registry';
import { publicRouteFor } from '@annie/contracts/routes';
import type { Context } from 'koa';
import { firstPaintMarkup, type PageFirstPaint } from './first-paint-markup.ts';
import type { FirstPaints } from './first-paints.ts';

type HomeFirstPaintOptions = {
  /** The remotes as this request's user gets them (GET /api/remotes: their canary share included). */
  remotes: (ctx: Context) => readonly RemoteEntry[] | Promise<readonly RemoteEntry[]>;
  firstPaints: FirstPaints;
  /** The assistant's name (a setting), which the first paint shows and carries for the shell. */
  assistantName: string;
};

/**
 * What the signed-in page opened at the home page (`/`) shows before its scripts run: the first paint of
 * the build of the home route's remote this user gets (active version, or the canary they are assigned),
 * when that build has one for the home route's page; else nothing (app.html's spinner). Every other
 * path: nothing.
 */
export function homeFirstPaint(options: HomeFirstPaintOptions) {
  const home = publicRouteFor('/');
  return async function firstPaintFor(ctx: Context): Promise<PageFirstPaint | undefined> {
    if (ctx.path !== '/' || !home) return undefined;
    const entry = (await options.remotes(ctx)).find((remote) => remote.name === home.remote);
    const firstPaint = entry ? await options.firstPaints.of(entry) : undefined;
    if (firstPaint?.page !== home.page) return undefined;
    return firstPaintMarkup(firstPaint, options.assistantName);
  };
}
