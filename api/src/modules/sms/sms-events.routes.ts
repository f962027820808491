import type * as contract from '@annie/contracts/sms-routes';
import type { ModuleDeps } from '../../api-module.ts';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import { liveStream } from '../../live/live-stream.ts';
import { smsChannel } from './sms-live.ts';

/** GET /api/sms/events: the tenant's SMS changes as server-sent events. */
export function smsEventsHandlers({ live, connections }: Pick<ModuleDeps, 'live' | 'connections'>) {
  const streamEvents = liveStream(live, [smsChannel], connections);

  return {
    smsEvents: (ctx) => streamEvents(ctx, async () => {}),
  } satisfies SomeRouteHandlers<typeof contract>;
}
