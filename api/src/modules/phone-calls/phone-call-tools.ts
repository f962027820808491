import { voiceRealtimeTools } from '@annie/api-client/contracts/voice-tools';
import type { RealtimeToolsConfig } from 'openai/resources/realtime/realtime';
import type { ToolRunner } from '../../realtime/realtime-tool-runner.ts';
import { createServerToolRunner, type ServerToolDeps } from '../voice-tools/server-tool-runner.ts';

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

export type PhoneCallTools = (identity: PhoneCallIdentity, controls: PhoneCallControls) => PhoneCallToolbox;

/**
 * The same registry as a browser call, run server side through the services behind the browser's
 * endpoints, as the call's owner; end_call hangs up after the goodbye.
 */
export function registryPhoneTools(deps: ServerToolDeps): PhoneCallTools {
  // Built once: turning the registry's zod schemas into JSON Schema takes several milliseconds, which a
  // call starting beside others' live audio should not spend.
  const tools = voiceRealtimeTools();
  return (identity, controls) => ({
    tools,
    runTool: createServerToolRunner(deps, {
      tenantId: identity.tenantId,
      userId: identity.userId,
      onEndCall: () => controls.endCall(),
    }),
  });
}
