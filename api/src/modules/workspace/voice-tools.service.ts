import type { VoiceToolResult } from '@annie/contracts/workspace';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ZodError } from 'zod';
import { HttpError } from '../../lib/http-errors.ts';
import { GOOGLE_NOT_CONFIGURED_MESSAGE } from '../../providers/google/google-config.ts';
import { GoogleToolError } from '../../providers/google/google-workspace.ts';
import { TokenDecryptError } from '../../providers/google/token-cipher.ts';
import {
  activeAccount,
  type ConnectionOwner,
  markGrantRevoked,
  saveRotatedRefreshToken,
  tokenOwner,
} from './google-connection.service.ts';
import type { GoogleServices } from './google-services.ts';
import { type ParsedToolCall, parseToolCall } from './tool-parameters.ts';

const NOT_CONNECTED =
  'Google Workspace is not connected. Ask the user to connect their Google account on the Google Workspace page.';
const GRANT_LOST =
  'Google no longer accepts this account’s access. Ask the user to connect their Google account again.';

const failure = (error: string, requiresAuth: boolean): VoiceToolResult => ({
  success: false,
  data: null,
  error,
  requiresAuth,
});

/**
 * Runs a validated tool call on the owner's active account. Not connected, or a grant Google refused
 * (which takes the account out of use), answers `requiresAuth`; a Google failure answers its message.
 */
export async function runGoogleWorkspaceTool(
  em: EntityManager,
  google: GoogleServices,
  owner: ConnectionOwner,
  call: ParsedToolCall,
): Promise<VoiceToolResult> {
  const account = await activeAccount(em, owner);
  const refreshTokenCipher = account?.refreshTokenCipher;
  if (!account || !refreshTokenCipher) return failure(NOT_CONNECTED, true);
  try {
    const grant = {
      key: account.id,
      scope: account.scope,
      refreshToken: google.cipher.decrypt(refreshTokenCipher, tokenOwner(owner)),
      onRefreshTokenRotated: (rotated: string) =>
        saveRotatedRefreshToken(
          em,
          owner,
          { accountId: account.id, refreshTokenCipher },
          rotated,
          google.cipher,
        ),
    };
    const data = await google.workspace.run(grant, call.name, call.params as never);
    return { success: true, data, error: null, requiresAuth: false };
  } catch (error) {
    const grantLost =
      error instanceof TokenDecryptError ||
      (error instanceof GoogleToolError && error.kind === 'invalid_grant');
    if (grantLost) {
      await markGrantRevoked(em, owner, account.id);
      return failure(GRANT_LOST, true);
    }
    if (error instanceof GoogleToolError && error.kind === 'insufficient_scope')
      return failure(error.message, true);
    if (error instanceof GoogleToolError)
      return failure(`Failed to execute Google tool: ${error.message}`, false);
    throw error;
  }
}

/**
 * For sessions the server runs itself (phone calls through the realtime bridge): the model's raw call,
 * with every refusal (unknown tool, bad parameters, Google not configured) answered as the envelope.
 */
export async function runToolForModel(
  em: EntityManager,
  google: GoogleServices | undefined,
  owner: ConnectionOwner,
  toolName: string,
  args: unknown,
): Promise<VoiceToolResult> {
  let call: ParsedToolCall;
  try {
    call = parseToolCall(toolName, args);
  } catch (error) {
    if (error instanceof HttpError) return failure(error.message, false);
    if (error instanceof ZodError) {
      const issues = error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
      return failure(`Invalid parameters: ${issues.join('; ')}`, false);
    }
    throw error;
  }
  if (!google) return failure(GOOGLE_NOT_CONFIGURED_MESSAGE, true);
  return runGoogleWorkspaceTool(em, google, owner, call);
}
