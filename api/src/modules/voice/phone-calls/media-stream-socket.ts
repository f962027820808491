import { type WebSocket, WebSocketServer } from 'ws';
import { framesDropped, traceCall } from '../../../observability/index.ts';
import {
  clearMessage,
  markMessage,
  mediaMessage,
  parseTwilioStreamMessage,
  type StreamStart,
} from '../../../providers/twilio/twilio-media-stream.ts';
import {
  executiveName,
  PASSCODE_ACCEPTED_NOTE,
  PASSCODE_LOCKED_NOTE,
  PASSCODE_REFUSED_NOTE,
  type PasscodeOutcome,
  phoneCallParty,
  type TrustParty,
} from '../../trust/index.ts';
import type {
  BridgeTranscriptEntry,
  CallEngines,
  OpenCallEngine,
  RealtimeSessionUpdate,
} from '../bridge/index.ts';
import { MULAW_8K, nothingMeasured } from '../bridge/index.ts';
import { claimCallEngine } from '../call-sessions/index.ts';
import { RETIRED_MODEL_WARNING } from '../profiles/index.ts';
import type { LiveMediaStream, MediaStreamDeps } from './media-stream-deps.ts';
import { withholdDigits } from './passcode-redaction.ts';
import { assignPhoneCallUser, type PhoneCallRow, redeemStreamToken } from './phone-call.queries.ts';
import type { CallBrief } from './phone-call-brief.ts';
import { passcodeCheck } from './phone-call-passcode.ts';
import { PhoneCallRecording } from './phone-call-recording.ts';
import { forgetResume } from './phone-call-resume.queries.ts';
import { compilePhoneCallSession } from './phone-call-session-config.ts';
import type { PhoneCallControls, PhoneCallToolbox } from './phone-call-tools.ts';
import { KeyedPasscode, RESUMED_NOTE, streamStart } from './resumed-stream.ts';

/** The `<Parameter>` that carries the call's single-use stream token. */
export const STREAM_TOKEN_PARAMETER = 'streamToken';
/** Twilio sends `start` at once; a socket that has not proved itself by then is closed. */
export const START_TIMEOUT_MS = 10_000;
/** The longest the assistant stays on one call (a cost bound: Twilio's own limit is 4 hours). */
export const PHONE_CALL_MAX_MS = 60 * 60_000;
// Caller audio that arrives while the realtime side connects: 2 s of 20 ms frames.
const EARLY_FRAMES_MAX = 100;
const END_CALL_MARK = 'end_call';
// If Twilio never echoes the goodbye's mark (a dropped stream), hang up anyway after this.
const HANG_UP_FALLBACK_MS = 15_000;
const DTMF_NOTES: Record<PasscodeOutcome, string> = {
  accepted: PASSCODE_ACCEPTED_NOTE,
  wrong: PASSCODE_REFUSED_NOTE,
  locked: PASSCODE_LOCKED_NOTE,
};

/** Twilio's media frames are small JSON messages; 64 KB is ample. */
export const newMediaStreamServer = () => new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

export type { LiveMediaStream, MediaStreamDeps };

/**
 * One phone call's media stream: Twilio's μ-law frames go to the realtime bridge as `audio/pcmu` and the
 * assistant's audio comes back as `media`; barge-in sends `clear`; both sides' transcript lines go to
 * the call session. Nothing reaches the bridge before `start` has spent the call's single-use token.
 */
export function runMediaStream(
  ws: WebSocket,
  phoneCallId: string,
  deps: MediaStreamDeps & { bridges: CallEngines },
): LiveMediaStream {
  // One trace per call: the socket's handlers run in its span, so the call's log lines carry its id.
  traceCall('phone call', ws);
  const log = deps.logger.child({ phoneCallId });
  const recording = new PhoneCallRecording({ pool: deps.pool, sessions: deps.sessions, log });
  let resolveOver: () => void = () => {};
  const over = new Promise<void>((resolve) => {
    resolveOver = resolve;
  });
  // The call ends on purpose (Twilio's stop, a hang-up, a refusal): it is not to be resumed. Otherwise a
  // stream that closes was lost, and the <Connect action> gives the call a new one.
  let onPurpose = false;
  let call: PhoneCallRow | undefined;
  let streamSid: string | undefined;
  let bridge: OpenCallEngine | undefined;
  let starting = false;
  let finished = false;
  let hangingUp = false;
  let markSent = false;
  const early: Buffer[] = [];
  const startTimer = setTimeout(() => ws.close(1008, 'No valid start'), START_TIMEOUT_MS);
  startTimer.unref();
  let limitTimer: NodeJS.Timeout | undefined;
  let hangUpTimer: NodeJS.Timeout | undefined;
  const keypad = new KeyedPasscode();
  let keyed: ((passcode: string) => void) | undefined;
  // While the passcode check is offered, digits are withheld from the stored transcript: the caller's
  // lines for the whole call (a line is transcribed after it was said, possibly after the proof), the
  // assistant's until the proof (the model may repeat what it heard).
  let withholdCaller = false;
  let withholdAssistant = false;
  // Notes for the model that came before the realtime session was open: told once it is.
  const notes: string[] = [];
  let closeCheck: (() => void) | undefined;
  // The models the call's session runs on, for pricing its figures once it ends.
  let models: { voice: string; transcription: string | null } | undefined;

  const send = (text: string) => {
    if (ws.readyState === ws.OPEN) ws.send(text);
  };

  // Before the stream closes on purpose, the call forgets its resume token: Twilio's <Connect action>
  // request, however soon it comes, then finds nothing to revive.
  const endingOnPurpose = async () => {
    onPurpose = true;
    if (call)
      await forgetResume(deps.pool, call.id).catch((error: Error) =>
        log.warn({ err: error }, 'resume not forgotten'),
      );
  };

  const closeOnPurpose = async (code: number, reason: string) => {
    await endingOnPurpose();
    if (ws.readyState === ws.OPEN) ws.close(code, reason);
  };

  const hangUp = async () => {
    const sid = call?.twilio_call_sid;
    await endingOnPurpose();
    if (!sid || !deps.calling.calls) return;
    await deps.calling.calls.hangUp(sid).catch((error: Error) => log.warn({ err: error }, 'hang-up failed'));
  };

  // end_call is answered before the goodbye is spoken: the mark goes out once the response that
  // follows the tool output is done, and Twilio echoes it once that goodbye has played.
  const requestHangUp = () => {
    if (hangingUp || !streamSid) return;
    hangingUp = true;
    hangUpTimer = setTimeout(() => void hangUp(), HANG_UP_FALLBACK_MS);
    hangUpTimer.unref();
  };

  const onResponseDone = ({ followsTools }: { followsTools: boolean }) => {
    if (!hangingUp || markSent || !followsTools || !streamSid) return;
    markSent = true;
    send(markMessage(streamSid, END_CALL_MARK));
  };

  const record = (entry: BridgeTranscriptEntry) => {
    if (!call) return;
    const withhold = entry.speaker === 'user' ? withholdCaller : withholdAssistant;
    recording.line(call, entry.speaker, withhold ? withholdDigits(entry.text) : entry.text);
  };

  // What the bridge measured, priced with the models it ran; a call that ended before its bridge
  // opened still has its minutes and Twilio's price.
  const lastFigures = () => ({
    streamSid,
    measured: bridge?.figures.snapshot() ?? nothingMeasured(),
    models: models ?? { voice: deps.calling.realtimeModel, transcription: null },
  });

  const stopping = (reason: string) => {
    if (finished) return false;
    finished = true;
    for (const timer of [startTimer, limitTimer, hangUpTimer]) clearTimeout(timer);
    closeCheck?.();
    bridge?.close(reason);
    return true;
  };

  // The stream is over, so is the call: the number is free, the session ends, the figures are recorded.
  const finish = async (reason: string) => {
    if (!stopping(reason)) return;
    if (call) await recording.end(call, lastFigures());
    else await recording.stop();
    resolveOver();
  };

  // The stream was lost, not the call: what it measured is kept for the stream that takes it over.
  const handOver = async (lost: PhoneCallRow, sid: string) => {
    if (!stopping('media stream lost')) return;
    log.warn('media stream lost without stop: the call may resume on a new stream');
    await recording.handOver(lost, sid, lastFigures());
    resolveOver();
  };

  const begin = async (start: StreamStart) => {
    const token = start.customParameters[STREAM_TOKEN_PARAMETER] ?? '';
    call = await redeemStreamToken(deps.pool, phoneCallId, token, start.callSid, start.streamSid);
    if (!call) {
      log.warn('media stream refused: unknown, spent or foreign stream token');
      ws.close(1008, 'Invalid stream token');
      return;
    }
    // Twilio hung up while the token was being checked: finish() ran without the call.
    if (finished) return recording.end(call, lastFigures());
    clearTimeout(startTimer);
    streamSid = start.streamSid;
    log.debug({ streamSid }, 'media stream started');
    recording.keepFigures(call, start.streamSid, () => bridge?.figures.snapshot());
    limitTimer = setTimeout(() => {
      log.info('phone call reached its time limit');
      void hangUp();
    }, PHONE_CALL_MAX_MS);
    limitTimer.unref();
    const current = call;
    const em = deps.scopedEm(current.tenant_id);
    const { party, claimedOwner } = await phoneCallParty(deps.pool, {
      tenantId: current.tenant_id,
      remoteE164: current.remote_e164,
    });
    const { provenOnRow, history } = await streamStart(deps.sessions, current, claimedOwner);
    const brief: CallBrief = {
      direction: current.direction,
      remoteE164: current.remote_e164,
      purpose: current.purpose,
      profileId: current.profile_id,
      party,
      executiveName: await executiveName(deps.pool, current.tenant_id, current.user_id),
      ownerCheck: claimedOwner !== null,
      spokenPasscode: claimedOwner?.spokenPasscode ?? false,
    };
    withholdCaller = claimedOwner !== null;
    withholdAssistant = claimedOwner !== null && !provenOnRow;
    const compiled = await compilePhoneCallSession(em, deps.calling.realtimeModel, brief, (notice) =>
      log.warn(notice, RETIRED_MODEL_WARNING),
    );
    models = { voice: compiled.model, transcription: compiled.transcriptionModel };
    const identity = {
      tenantId: current.tenant_id,
      userId: current.user_id,
      phoneCallId: current.id,
      callSessionId: current.call_session_id,
    };
    // Until the passcode is proved the caller is a third party; then the session is updated with the
    // owner's instructions and tools, the tools act for them and the call is recorded in their history.
    let ownerSession: RealtimeSessionUpdate | undefined;
    const tell = (note: string) => {
      if (bridge) bridge.tellModel(note);
      else notes.push(note);
    };
    const becomeOwner = async (userId: string, username: string) => {
      const owner: TrustParty = { kind: 'executive', userId };
      const ownerCompiled = await compilePhoneCallSession(em, deps.calling.realtimeModel, {
        ...brief,
        party: owner,
        executiveName: username,
      });
      toolbox = deps.tools({ ...identity, userId }, { endCall: requestHangUp }, owner);
      withholdAssistant = false;
      ownerSession = { type: 'realtime', instructions: ownerCompiled.instructions, tools: toolbox.tools };
      bridge?.updateSession(ownerSession);
      await assignPhoneCallUser(deps.pool, current.id, userId);
      if (current.call_session_id) {
        await deps.sessions.assignTo(current.tenant_id, current.call_session_id, userId);
      }
    };
    // The owner's access was revoked mid-call: their tools go at once, then the call ends.
    const revoked = () => {
      toolbox = deps.tools(identity, { endCall: requestHangUp }, party);
      void hangUp().then(() => closeOnPurpose(1000, 'Phone access revoked'));
      void finish('phone access revoked');
    };
    const check = claimedOwner
      ? passcodeCheck({
          pool: deps.pool,
          live: deps.live,
          log,
          tenantId: current.tenant_id,
          callerE164: current.remote_e164,
          claimedOwner,
          becomeOwner,
          revoked,
          provenOnRow,
        })
      : undefined;
    closeCheck = check ? () => check.close() : undefined;
    const provePasscode = check?.prove;
    // verify_owner_passcode (a spoken passcode) is offered only when the owner allowed saying it.
    const controls: PhoneCallControls = {
      endCall: requestHangUp,
      ...(provePasscode && claimedOwner?.spokenPasscode ? { provePasscode } : {}),
    };
    let toolbox: PhoneCallToolbox = deps.tools(identity, controls, party);
    if (provenOnRow && claimedOwner) await becomeOwner(claimedOwner.userId, claimedOwner.username);
    keyed = provePasscode
      ? (passcode) =>
          void provePasscode(passcode)
            .then((outcome) => tell(DTMF_NOTES[outcome]))
            .catch((error: Error) => log.warn({ err: error }, 'passcode check failed'))
      : undefined;
    const sid = start.streamSid;
    // Drawn once per call: a resumed stream runs on the engine its call's first stream stored.
    const drawn = deps.bridges.choose(compiled);
    const engine = current.call_session_id
      ? ((await claimCallEngine(deps.pool, current.tenant_id, current.call_session_id, {
          engine: drawn,
          profileId: current.profile_id,
        })) ?? drawn)
      : drawn;
    const opened = await deps.bridges.open(
      {
        compiled,
        format: MULAW_8K,
        // A resumed call does not greet again: the note below has it carry on.
        greet: !history,
        history,
        tools: toolbox.tools,
        hooks: {
          onAudio: (chunk) => send(mediaMessage(sid, chunk.toString('base64'))),
          onClearAudio: () => send(clearMessage(sid)),
          onTranscript: record,
          onResponseDone,
          runTool: (name, args) => toolbox.runTool(name, args),
          onError: (message) => log.warn({ message }, 'realtime error in phone call'),
          onEnd: (reason) => {
            // The realtime side ended the conversation. Not when the stream is over already (the bridge is
            // closed with it), nor when ending through Twilio (end_call, a drain's goodbye: the hang-up
            // closes the stream).
            if (!hangingUp && !finished) void closeOnPurpose(1000, reason.slice(0, 100));
          },
        },
      },
      engine,
    );
    if (finished) {
      opened.close('call ended');
      return;
    }
    bridge = opened;
    // The passcode was keyed (and perhaps proved) while the session was opening.
    if (ownerSession) opened.updateSession(ownerSession);
    if (history) opened.tellModel(RESUMED_NOTE);
    for (const note of notes.splice(0)) opened.tellModel(note);
    for (const frame of early.splice(0)) opened.appendAudio(frame);
  };

  ws.on('message', (data) => {
    const message = parseTwilioStreamMessage(data.toString());
    switch (message.event) {
      case 'media': {
        const frame = Buffer.from(message.payload, 'base64');
        if (bridge) bridge.appendAudio(frame);
        else if (early.length < EARLY_FRAMES_MAX) early.push(frame);
        else framesDropped.inc({ direction: 'inbound' });
        return;
      }
      case 'start':
        if (starting) return;
        starting = true;
        begin(message.start).catch((error: Error) => {
          log.warn({ err: error }, 'phone call could not reach the realtime API');
          void closeOnPurpose(1011, 'Realtime connection failed');
        });
        return;
      case 'mark':
        if (message.name === END_CALL_MARK) void hangUp();
        return;
      case 'dtmf': {
        const passcode = keyed && keypad.press(message.digit);
        if (passcode) keyed?.(passcode);
        return;
      }
      case 'stop':
        onPurpose = true;
        void finish('caller hung up');
        ws.close(1000, 'Stream stopped');
        return;
      default:
        return;
    }
  });

  ws.on('close', () => {
    if (!onPurpose && call && streamSid && !finished) void handOver(call, streamSid);
    else void finish('stream closed');
  });

  return {
    over,
    endPolitely: (instructions) => {
      if (finished || hangingUp) return;
      const sid = streamSid;
      if (!bridge || !sid) {
        void hangUp().then(() => closeOnPurpose(1001, 'Server restarting'));
        return;
      }
      hangingUp = true;
      hangUpTimer = setTimeout(() => void hangUp(), HANG_UP_FALLBACK_MS);
      hangUpTimer.unref();
      // Once the closing line is generated, the mark follows it: Twilio echoes it when it has played.
      void bridge.sayGoodbyeAndEnd(instructions).then(() => {
        if (markSent) return;
        markSent = true;
        send(markMessage(sid, END_CALL_MARK));
      });
    },
  };
}
