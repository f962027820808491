import { handlerPerTool, runToolHandler } from '@annie/contracts/tool-handlers';
import {
  AGT_TOOLS,
  type AgtToolName,
  END_CALL_OUTPUT,
  toolFailure as failure,
  parseVoiceToolCall,
  type VoiceToolHandlers,
  type VoiceToolParams,
  workspaceToolOutput,
} from '@annie/contracts/voice-tools';
import { WORKSPACE_TOOLS } from '@annie/contracts/workspace-tools';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CountryCode } from 'libphonenumber-js';
import type { AppConfig } from '../../../config/env.ts';
import type { Orm } from '../../../db/orm.ts';
import type { Pool } from '../../../db/pool.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { toE164 } from '../../../lib/phone-number.ts';
import {
  AGT_NOT_CONFIGURED_MESSAGE,
  type AgtClient,
  AgtError,
  agtClientFromConfig,
} from '../../../providers/agt/agt-client.ts';
import {
  WEB_SEARCH_NOT_CONFIGURED_MESSAGE,
  type WebSearcher,
} from '../../../providers/openai/openai-web-search.ts';
import { createNote, searchKnowledge } from '../../knowledge/index.ts';
import { type SmsSending, sendText, smsSendingOf } from '../../sms/index.ts';
import { type GoogleServices, googleServicesFor, runToolForModel } from '../../workspace/index.ts';
import type { ToolRunner } from '../bridge/index.ts';
import { billedWebSearch } from './billed-web-search.ts';
import { webSearcherFor } from './web-searcher.ts';

/** What make_outbound_call answers inside a phone call: one call at a time. */
export const OUTBOUND_CALL_REFUSED_IN_PHONE_CALL =
  'make_outbound_call is not available during a phone call. Offer to send a text message instead, or to place the call after this one ends.';
/** What session_update answers inside a phone call: the phone session's settings stay as they are. */
export const SESSION_UPDATE_IGNORED_IN_PHONE_CALL =
  'session_update is ignored during a phone call; the session settings stay as they are.';

/** The app-wide pieces the runner works with (each module's `deps` has them). */
export type ServerToolDeps = { config: AppConfig; orm: Orm; pool: Pool };

/** Whose call it is: every tool acts for this tenant and user, never another. */
export type ServerToolSession = {
  tenantId: string;
  userId: string;
  /** end_call: the model said goodbye; hang up once its last audio has played. */
  onEndCall?: (request: VoiceToolParams['end_call']) => void | Promise<void>;
};

/** The providers, resolved from the configuration (the SDK clients are shared with the routes). */
type Providers = {
  agt: AgtClient;
  google: GoogleServices | undefined;
  sending: SmsSending;
  searcher: WebSearcher | undefined;
  region: CountryCode;
};

const providersBuilt = new WeakMap<AppConfig, Providers>();

function providersFor(config: AppConfig): Providers {
  let providers = providersBuilt.get(config);
  if (!providers) {
    providers = {
      agt: agtClientFromConfig(config),
      google: googleServicesFor(config),
      sending: smsSendingOf(config),
      searcher: webSearcherFor(config),
      region: config.PHONE_DEFAULT_REGION as CountryCode,
    };
    providersBuilt.set(config, providers);
  }
  return providers;
}

async function runAgt(agt: AgtClient, name: AgtToolName, params: unknown): Promise<unknown> {
  if (!agt.configured) return failure(AGT_NOT_CONFIGURED_MESSAGE);
  try {
    return await agt.call({ route: { method: 'POST', path: AGT_TOOLS[name].path }, body: params });
  } catch (error) {
    if (error instanceof AgtError) return failure(error.message);
    throw error;
  }
}

async function sendTextTool(
  deps: ServerToolDeps,
  providers: Providers,
  tenantId: string,
  text: { to: string; message?: string; mediaUrl?: string },
): Promise<unknown> {
  const to = toE164(text.to, providers.region);
  if (!to) return failure(`Not a valid phone number: ${text.to}`);
  try {
    const sent = await sendText(deps.pool, providers.sending, tenantId, {
      to,
      body: text.message ?? '',
      mediaUrl: text.mediaUrl,
    });
    return { success: true, ...sent };
  } catch (error) {
    if (error instanceof HttpError) return failure(error.message || 'sms_failed');
    throw error;
  }
}

/** What a phone call's handlers work with: the app's pieces, the providers and whose call it is. */
type ServerToolContext = {
  deps: ServerToolDeps;
  providers: Providers;
  session: ServerToolSession;
  /** A fresh EntityManager bound to the session's tenant. */
  scopedEm: () => EntityManager;
};

/** The server's handler for every tool of the registry (a tool without one does not compile). */
export const serverToolHandlers = {
  ...handlerPerTool(AGT_TOOLS, (name, params, { providers }: ServerToolContext) =>
    runAgt(providers.agt, name, params),
  ),
  ...handlerPerTool(WORKSPACE_TOOLS, async (name, params, context: ServerToolContext) => {
    const { tenantId, userId } = context.session;
    return workspaceToolOutput(
      await runToolForModel(context.scopedEm(), context.providers.google, { tenantId, userId }, name, params),
    );
  }),
  make_outbound_call: () => failure(OUTBOUND_CALL_REFUSED_IN_PHONE_CALL),
  send_sms: (params, { deps, providers, session }) => sendTextTool(deps, providers, session.tenantId, params),
  send_mms: (params, { deps, providers, session }) =>
    sendTextTool(deps, providers, session.tenantId, { ...params, mediaUrl: params.media_url }),
  search_knowledge_base: async ({ query, sources, max_results }, { deps, session }) => ({
    results: await searchKnowledge(deps.pool, session.tenantId, { q: query, sources, limit: max_results }),
  }),
  add_knowledge_note: async (params, { scopedEm, session }) => {
    const note = await createNote(scopedEm(), session.tenantId, { ...params, shareable: false });
    return { success: true, id: note.id, title: note.title };
  },
  // Billed like the browser's search (budget's hard stop, tokens and fee in the ledger under the call's user).
  web_search: async (params, { deps, providers, session }) => {
    if (!providers.searcher) return failure(WEB_SEARCH_NOT_CONFIGURED_MESSAGE);
    try {
      return await billedWebSearch(deps.pool, providers.searcher, session, params.query);
    } catch (error) {
      return failure((error as Error).message);
    }
  },
  session_update: () => ({ success: false, ignored: true, note: SESSION_UPDATE_IGNORED_IN_PHONE_CALL }),
  end_call: async (params, { session }) => {
    await session.onEndCall?.(params);
    return { success: true, message: END_CALL_OUTPUT };
  },
} satisfies VoiceToolHandlers<ServerToolContext>;

/**
 * The tool runner for a session the server carries itself (a phone call through the realtime bridge):
 * every tool of the registry, validated with the same schemas the model was offered, run through the
 * services behind the browser's endpoints, for the session's tenant and user only. Refusals and
 * provider failures come back as `{error}` data for the model; the bridge turns an unexpected throw
 * into `{error}` as well.
 */
export function createServerToolRunner(deps: ServerToolDeps, session: ServerToolSession): ToolRunner {
  const { tenantId } = session;
  const context: ServerToolContext = {
    deps,
    providers: providersFor(deps.config),
    session,
    // A fresh EntityManager per tool call, bound to the session's tenant the way requireAuth binds a
    // request's (tenant-owned entities refuse to be queried without it).
    scopedEm: () => {
      const em = deps.orm.em.fork();
      em.setFilterParams('tenant', { tenantId });
      return em;
    },
  };
  return async (name, args) => {
    const parsed = parseVoiceToolCall(name, args);
    if (!parsed.ok) return failure(parsed.error);
    return runToolHandler(serverToolHandlers, parsed.call.name, parsed.call.params, context);
  };
}
