import { labelToolOutput } from '@annie/contracts/trust';
import { realtimeToolsFor } from '../../trust/index.ts';
import { createServerToolRunner, type ServerToolDeps } from '../tools/index.ts';
import type { LiveBrowserToolbox } from './live-browser-calls.ts';

/**
 * The signed-in executive's tools on a GPT-Live browser call: every tool of the registry, run by the
 * server as them (the Responses backend asks for them over the sideband), outside data labelled as on
 * a phone call; end_call asks for the end once the goodbye is said.
 */
export function liveBrowserToolbox(deps: ServerToolDeps): LiveBrowserToolbox {
  return (auth, endCall) => {
    const party = { kind: 'executive', userId: auth.userId } as const;
    const run = createServerToolRunner(deps, {
      tenantId: auth.tenantId,
      userId: auth.userId,
      onEndCall: () => endCall(),
    });
    return {
      tools: realtimeToolsFor(party),
      runTool: async (name, args) => labelToolOutput(name, await run(name, args)),
    };
  };
}
