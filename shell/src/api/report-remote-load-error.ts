import { callRoute } from '@annie/api-client/call-route';
import type { RemoteLoadErrorRequest } from '@annie/contracts/remote-registry';
import { reportRemoteLoadError as reportRoute } from '@annie/contracts/remote-registry-routes';

/**
 * Tells the registry this browser could not load a remote's version (a newly activated version that
 * enough users fail to load is rolled back). Never throws: a report that cannot be sent changes nothing
 * for the user.
 */
export async function reportRemoteLoadError(report: RemoteLoadErrorRequest): Promise<void> {
  await callRoute(reportRoute, { body: { ...report, message: report.message?.slice(0, 500) } }).catch(
    () => {},
  );
}
