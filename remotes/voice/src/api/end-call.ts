import { callRoute } from '@annie/api-client/call-route';
import type { RequestOptions } from '@annie/api-client/http';
import type { EndCallResponse } from '@annie/contracts/calls';
import { endCall as endCallRoute } from '@annie/contracts/calls-routes';

// The typed call page's hooks (start, end, send) live in the voice remote (remotes/voice/src/api/);
// ending a call stays here, where the browser call's teardown finds it too.

/** POST /api/calls/:id/end (no body); ending it again changes nothing. `keepalive` when leaving the page. */
export function endCall(id: string, options?: RequestOptions): Promise<EndCallResponse> {
  return callRoute(endCallRoute, { params: { id } }, options);
}
