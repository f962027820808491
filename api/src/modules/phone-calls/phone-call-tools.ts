import type { EntityManager } from '@mikro-orm/postgresql';
import type { RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import type { ToolRunner } from '../../realtime/realtime-tool-runner.ts';
import type { GoogleServices } from '../workspace/google-services.ts';
import { runToolForModel } from '../workspace/voice-tools.service.ts';

/** Who a phone call's tools act for: the user who placed it, or the tenant's owner for an inbound call. */
export type PhoneCallIdentity = {
  tenantId: string;
  userId: string;
  phoneCallId: string;
  callSessionId: string | null;
};

/** What the call itself offers the tools: end_call hangs up once the goodbye has played. */
export type PhoneCallControls = { endCall: () => void };

/** The tools a phone call's realtime session is offered, and how the server runs them. */
export type PhoneCallToolbox = { tools: RealtimeToolsConfig; runTool: ToolRunner };

export type PhoneCallTools = (
  identity: PhoneCallIdentity,
  controls: PhoneCallControls,
) => PhoneCallToolbox | Promise<PhoneCallToolbox>;

/**
 * Until the shared server-side registry is wired in: the workspace tools run on the caller's Google
 * connection, end_call hangs up, and anything else is refused with the spec's `Unknown tool {name}`.
 * No definitions are offered, so the model asks for none of them unprompted.
 */
export function workspacePhoneTools(
  google: GoogleServices | undefined,
  scopedEm: (tenantId: string) => EntityManager,
): PhoneCallTools {
  return (identity, controls) => ({
    tools: [],
    runTool: async (name, args) => {
      if (name === 'end_call') {
        controls.endCall();
        return { success: true };
      }
      if (name.startsWith('google_')) {
        const owner = { tenantId: identity.tenantId, userId: identity.userId };
        return runToolForModel(scopedEm(identity.tenantId), google, owner, name, args);
      }
      return { error: `Unknown tool ${name}` };
    },
  });
}
