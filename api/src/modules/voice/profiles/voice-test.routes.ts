import { routeUrl } from '@annie/contracts/route';
import * as contract from '@annie/contracts/voice-profiles-routes';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { AppConfig } from '../../../config/env.ts';
import type { Pool } from '../../../db/pool.ts';
import type { SomeRouteHandlers } from '../../../http/define-route.ts';
import { Session } from '../../../http/session/session.ts';
import type { SessionConnections } from '../../../http/session/session-connections.ts';
import { forbidden, HttpError, serviceUnavailable } from '../../../lib/http-errors.ts';
import { takeUpgrade } from '../../../lib/websocket-upgrade.ts';
import { assertWithinBudget, priceCall, readUsageSettings, recordUsageEntry } from '../../usage/index.ts';
import type { CallEngines, MeasuredCall } from '../bridge/index.ts';
import { RETIRED_MODEL_WARNING } from './compile-voice-session.ts';
import { findProfile } from './voice-profile-store.ts';
import { compileProfile } from './voice-session.service.ts';
import { runVoiceTestSocket } from './voice-test-socket.ts';
import type { VoiceTestTickets } from './voice-test-tickets.ts';

export type VoiceTestDeps = {
  config: Pick<AppConfig, 'OPENAI_REALTIME_MODEL' | 'PUBLIC_URL'>;
  logger: Logger;
  tickets: VoiceTestTickets;
  /** Null when OPENAI_API_KEY is not set. */
  bridges: CallEngines | null;
  sockets: WebSocketServer;
  /** Ends a test socket when the admin's session is revoked or they are no longer an admin. */
  connections: SessionConnections;
  /** Reads the tenant's prices and currency, for the test call's live figures. */
  pool?: Pool;
  /** True once the instance drains (SIGTERM): new test sockets go to another instance. */
  draining?: () => boolean;
};

/** The close code and reason of a test socket the drain of a restarting server ended. */
export const SERVER_RESTARTING = { code: 1012, reason: 'The server is restarting: start the test again' };

/** The close code of a test socket whose session was revoked (policy violation). */
export const SESSION_ENDED = 1008;

/** A browser cannot send a body with a WebSocket handshake; 64 KB is ample for any audio frame. */
export const newTestSocketServer = () => new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

/**
 * POST /api/voice/profiles/:id/test issues a single-use ticket; the WebSocket at the answer's URL
 * accepts only the admin who asked, from the same origin, with their session cookie, within a minute.
 * The ticket lives in PostgreSQL, so the upgrade may land on any API instance.
 */
export function voiceTestHandlers(deps: VoiceTestDeps) {
  // Browsers cannot set headers on a WebSocket, so the identity headers are not expected here.

  return {
    startVoiceTest: async (ctx, { params, auth: { userId, tenantId } }) => {
      // The profile first: another tenant's id is a 404 whether or not OpenAI is configured.
      const profile = await findProfile(ctx.state.em, params.id);
      if (!deps.bridges) throw serviceUnavailable(contract.VOICE_TEST_NOT_CONFIGURED);
      // A test call is billed like any call: the hard stop holds here too.
      if (deps.pool) await assertWithinBudget(deps.pool, tenantId);
      const compiled = await compileProfile(
        ctx.state.em,
        profile,
        deps.config.OPENAI_REALTIME_MODEL,
        (notice) => deps.logger.warn({ ...notice, profileId: profile.id }, RETIRED_MODEL_WARNING),
      );
      const origin = ctx.get('Origin') || `${ctx.protocol}://${ctx.host}`;
      const ticket = await deps.tickets.issue({ userId, tenantId, origin, compiled });
      const base = (deps.config.PUBLIC_URL ?? origin).replace(/^http/, 'ws').replace(/\/$/, '');
      const socketPath = routeUrl(contract.openVoiceTestSocket, {
        params: { sessionId: ticket.sessionId },
        query: { token: ticket.token },
      });
      return {
        status: 200,
        body: {
          sessionId: ticket.sessionId,
          websocketUrl: `${base}${socketPath}`,
          expiresAt: new Date(ticket.expiresAt).toISOString(),
        },
      };
    },
    openVoiceTestSocket: async (ctx, { params, query: { token }, auth: { userId, tenantId } }) => {
      const upgrade = takeUpgrade(ctx.req);
      if (!upgrade) throw new HttpError(426, 'upgrade_required', 'Open this address as a WebSocket');
      if (!deps.bridges) throw serviceUnavailable(contract.VOICE_TEST_NOT_CONFIGURED);
      if (deps.draining?.()) throw serviceUnavailable(SERVER_RESTARTING.reason);
      const ticket = await deps.tickets.redeem(params.sessionId, token, { userId, tenantId });
      if (!ticket) throw forbidden('This test session has expired or is not yours');
      if (ctx.get('Origin') !== ticket.origin)
        throw forbidden('The test session must be opened from the page that started it');
      const bridges = deps.bridges;
      const settings = deps.pool ? await readUsageSettings(deps.pool, tenantId) : undefined;
      const models = { voice: ticket.compiled.model, transcription: ticket.compiled.transcriptionModel };
      const price =
        settings && ((measured: MeasuredCall) => priceCall(measured, models, settings, 'server').figures);
      let close = () => {
        upgrade.socket.destroy();
      };
      const untrack = await deps.connections.track({
        sessionId: Session.idOf(ctx.session),
        userId,
        adminOnly: true,
        close: () => close(),
      });
      upgrade.socket.once('close', untrack);
      ctx.respond = false;
      ctx.status = 101;
      const pool = deps.pool;
      const startedAt = new Date();
      // The whole test call goes to the usage ledger once it ends, under the admin who ran it.
      const ended =
        pool && settings
          ? (measured: MeasuredCall) => {
              const priced = priceCall(measured, models, settings, 'server');
              void recordUsageEntry(pool, tenantId, {
                userId,
                channel: 'web',
                kind: 'call',
                sourceId: `voice-test:${ticket.sessionId}`,
                at: startedAt,
                seconds: (Date.now() - startedAt.getTime()) / 1000,
                segments: 0,
                tokens: priced.tokens,
                costUsd: priced.costUsd ?? 0,
              }).catch((error: Error) => deps.logger.warn({ err: error }, 'voice test usage not recorded'));
            }
          : undefined;
      deps.sockets.handleUpgrade(ctx.req, upgrade.socket, upgrade.head, (ws) => {
        close = () => ws.close(SESSION_ENDED, 'Session ended');
        runVoiceTestSocket(ws, ticket, bridges, deps.logger, price, ended);
      });
    },
  } satisfies SomeRouteHandlers<typeof contract>;
}
