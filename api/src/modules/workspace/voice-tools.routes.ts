import type * as contract from '@annie/contracts/workspace-routes';
import type { SomeRouteHandlers } from '../../http/define-route.ts';
import { serviceUnavailable } from '../../lib/http-errors.ts';
import { GOOGLE_NOT_CONFIGURED_MESSAGE } from '../../providers/google/google-config.ts';
import type { GoogleServices } from './google-services.ts';
import { parseToolCall } from './tool-parameters.ts';
import { runGoogleWorkspaceTool } from './voice-tools.service.ts';

/**
 * POST /api/google/voice-tools {toolName, parameters} → {success, data, error, requiresAuth}.
 * A malformed call is a 400; what happened at Google (done, not connected, failed) is the 200 envelope
 * the voice client hands to the model as the tool's output.
 */
export function voiceToolHandlers(google: GoogleServices | undefined) {
  return {
    runGoogleVoiceTool: async (ctx, { body: request, auth }) => {
      const call = parseToolCall(request.toolName, request.parameters);
      if (!google) throw serviceUnavailable(GOOGLE_NOT_CONFIGURED_MESSAGE);
      const { tenantId, userId } = auth;
      return {
        status: 200,
        body: await runGoogleWorkspaceTool(ctx.state.em, google, { tenantId, userId }, call),
      };
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
