import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CompiledVoiceSession } from '@annie/api-client/contracts/voice-session';

/** How long the browser has to open the test WebSocket after asking for it. */
export const TEST_TICKET_TTL_MS = 60_000;

export type VoiceTestTicket = {
  sessionId: string;
  userId: string;
  tenantId: string;
  /** The page origin that asked; the WebSocket must come from the same one. */
  origin: string;
  compiled: CompiledVoiceSession;
  expiresAt: number;
};

/**
 * Single-use, short-lived tickets for the test panel's WebSocket, held in this process's memory
 * (a ticket is redeemed on the instance that issued it, seconds later).
 */
export class VoiceTestTickets {
  readonly #tickets = new Map<string, VoiceTestTicket & { token: Buffer }>();

  issue(ticket: Omit<VoiceTestTicket, 'sessionId' | 'expiresAt'>, now = Date.now()) {
    this.#sweep(now);
    const sessionId = randomUUID();
    const token = randomBytes(32);
    const expiresAt = now + TEST_TICKET_TTL_MS;
    this.#tickets.set(sessionId, { ...ticket, sessionId, expiresAt, token });
    return { sessionId, token: token.toString('base64url'), expiresAt };
  }

  /** The ticket, consumed; null when unknown, used, expired or the token is wrong. */
  redeem(sessionId: string, token: string, now = Date.now()): VoiceTestTicket | null {
    const entry = this.#tickets.get(sessionId);
    if (!entry) return null;
    this.#tickets.delete(sessionId);
    const given = Buffer.from(token, 'base64url');
    const matches = given.length === entry.token.length && timingSafeEqual(given, entry.token);
    if (!matches || entry.expiresAt <= now) return null;
    const { token: _used, ...ticket } = entry;
    return ticket;
  }

  #sweep(now: number): void {
    for (const [id, ticket] of this.#tickets) if (ticket.expiresAt <= now) this.#tickets.delete(id);
  }
}
