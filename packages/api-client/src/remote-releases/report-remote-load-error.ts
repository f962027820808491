import type { RemoteLoadErrorRequest } from '../contracts/remote-releases.ts';
import { apiRequest } from '../http.ts';

/**
 * POST /api/modules/load-errors: tells the registry this browser could not load a remote's version (a
 * newly activated version that enough users fail to load is rolled back). Never throws: a report that
 * cannot be sent changes nothing for the user.
 */
export async function reportRemoteLoadError(report: RemoteLoadErrorRequest): Promise<void> {
  await apiRequest('POST', '/api/modules/load-errors', {
    ...report,
    message: report.message?.slice(0, 500),
  }).catch(() => {});
}
