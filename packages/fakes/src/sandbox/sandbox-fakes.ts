import { type AgtFake, startAgtFake } from '../agt-fake.ts';
import { type GoogleFake, startGoogleFake } from '../google-fake.ts';
import { calleeAudio, MULAW_SILENCE } from '../mulaw.ts';
import { type OpenAILiveFake, startOpenAILiveFake } from '../openai-live-fake.ts';
import { type OpenAIRealtimeFake, startOpenAIRealtimeFake } from '../openai-realtime-fake.ts';
import {
  type OpenAIRealtimeWebRtcFake,
  startOpenAIRealtimeWebRtcFake,
} from '../openai-realtime-webrtc-fake.ts';
import { type OpenAiTextFake, startOpenAiTextFake } from '../openai-text-fake.ts';
import { startTwilioFake, type TwilioFake, type WebhookReply } from '../twilio-fake.ts';
import { SANDBOX_LIVE_SCRIPT, SANDBOX_REALTIME_SCRIPT } from './sandbox-realtime-script.ts';
import { sandboxTextReply } from './sandbox-text-replies.ts';
import { type DeliveryReporter, startDeliveryReports } from './sandbox-twilio-delivery.ts';
import { sandboxVoiceTurns } from './sandbox-voice-turns.ts';

export type SandboxFakesOptions = {
  /** The app's PUBLIC_URL: the base of the webhook URLs it gives Twilio, which Twilio signs. */
  publicUrl: string;
  /** Where the app listens on this machine: where the fakes deliver those webhooks. */
  appUrl: string;
  /** Told about a webhook the app refused or that could not be delivered (the app's logger). */
  onWebhookError?: (message: string) => void;
  /** The assistant's first name, for the voice call's greeting. */
  assistantName?: string;
  /** The sandbox's messaging number: the simulated account owns it, its webhooks at `publicUrl`. */
  messagingNumber?: string;
};

/** Every provider fake the sandbox runs, started on free loopback ports in the app's own process. */
export type SandboxFakes = {
  agt: AgtFake;
  google: GoogleFake;
  openAiText: OpenAiTextFake;
  openAiRealtime: OpenAIRealtimeFake;
  /** GPT-Live, for profiles on the GPT-Live engine (phone calls). */
  openAiLive: OpenAILiveFake;
  /** The voice page's browser calls (WebRTC). */
  openAiRealtimeCalls: OpenAIRealtimeWebRtcFake;
  twilio: TwilioFake;
  /** Where each fake listens and what it accepts, for the app's configuration. */
  endpoints: {
    agt: { url: string; apiKey: string };
    openAiRealtime: { baseURL: string };
    openAiLive: { baseURL: string; callsBaseURL: string };
    openAiRealtimeCalls: { baseURL: string; sidebandBaseURL: string };
    openAiText: { url: string; apiKey: string };
    twilio: { url: string; accountSid: string; authToken: string };
    google: { url: string; clientId: string; clientSecret: string };
  };
  /** Texts the app's messaging number `to` from `from`, through Twilio's signed inbound webhook. */
  simulateInboundText: (text: { from: string; to: string; body: string }) => Promise<WebhookReply>;
  /** Rings the app's number `to` from `from` (Twilio's signed voice webhook, then its media stream). */
  simulateInboundCall: (call: { from: string; to: string }) => Promise<{ sid: string; reply: WebhookReply }>;
  close: () => Promise<void>;
};

const SANDBOX_KEYS = {
  agt: 'sandbox-agt-key',
  openAi: 'sk-sandbox-openai-key',
  twilioAccountSid: `AC${'5a'.repeat(16)}`,
  twilioAuthToken: 'sandbox-twilio-auth-token',
} as const;

const MULAW_BYTES_PER_SECOND = 8_000;

/** What the other party of a sandbox phone call sends: a spoken hello, then 16 s of line silence. */
function callerAudio(): Buffer {
  return Buffer.concat([calleeAudio(), Buffer.alloc(16 * MULAW_BYTES_PER_SECOND, MULAW_SILENCE)]);
}

/** The path and query of a URL the app gave out under its public address, on the app's local address. */
export function localTarget(url: string, publicUrl: string, appUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return url.startsWith(base) ? `${appUrl.replace(/\/+$/, '')}${url.slice(base.length)}` : url;
}

/**
 * Starts the fakes of every provider with the sandbox's behaviour: lab jobs answered with sample
 * chemistry, a Google account with sample mail, events and files, SMS drafts in the assistant's voice,
 * sent texts reported delivered, and a realtime model that answers a spoken turn with audio.
 */
export async function startSandboxFakes(options: SandboxFakesOptions): Promise<SandboxFakes> {
  const inboundPath = '/api/sms/webhooks/inbound';
  const voicePath = '/api/phone/webhooks/voice';
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const appUrl = options.appUrl.replace(/\/+$/, '');
  const started: { close: () => Promise<void> }[] = [];
  const keep = <T extends { close: () => Promise<void> }>(fake: T): T => {
    started.push(fake);
    return fake;
  };
  let delivery: DeliveryReporter | undefined;
  try {
    const agt = keep(await startAgtFake({ apiKey: SANDBOX_KEYS.agt }));
    const google = keep(await startGoogleFake());
    const openAiText = keep(await startOpenAiTextFake({ apiKey: SANDBOX_KEYS.openAi }));
    openAiText.setReply(sandboxTextReply);
    const openAiRealtime = keep(
      await startOpenAIRealtimeFake({ apiKey: SANDBOX_KEYS.openAi, script: SANDBOX_REALTIME_SCRIPT }),
    );
    const openAiLive = keep(
      await startOpenAILiveFake({
        apiKey: SANDBOX_KEYS.openAi,
        script: {
          ...SANDBOX_LIVE_SCRIPT,
          greeting: `Good afternoon. ${options.assistantName ?? 'James'} here. How may I help?`,
        },
      }),
    );
    const openAiRealtimeCalls = keep(
      await startOpenAIRealtimeWebRtcFake({
        apiKey: SANDBOX_KEYS.openAi,
        script: {
          greeting: `Good afternoon. ${options.assistantName ?? 'James'} here. How may I help?`,
          userTurns: sandboxVoiceTurns(),
          // A turn each time the caller has spoken for three seconds (150 microphone packets of 20 ms).
          userTurnAfterPackets: 150,
          wordIntervalMs: 120,
          audioPackets: 0,
        },
      }),
    );
    const twilio = keep(
      await startTwilioFake({
        accountSid: SANDBOX_KEYS.twilioAccountSid,
        authToken: SANDBOX_KEYS.twilioAuthToken,
        inboundWebhook: { signedUrl: `${publicUrl}${inboundPath}`, targetUrl: `${appUrl}${inboundPath}` },
        voiceWebhook: { signedUrl: `${publicUrl}${voicePath}`, targetUrl: `${appUrl}${voicePath}` },
        appUrl,
        numbers: options.messagingNumber
          ? [
              {
                phoneNumber: options.messagingNumber,
                voiceUrl: `${publicUrl}${voicePath}`,
                smsUrl: `${publicUrl}${inboundPath}`,
              },
            ]
          : [],
        // The other party's line, then the call's silence, in real time (the assistant's end_call hangs up).
        callee: { audio: callerAudio(), frameIntervalMs: 20, hangUpAfterMs: 3_000 },
        onSent: (message) => delivery?.track(message),
      }),
    );
    delivery = startDeliveryReports(twilio, (callback) =>
      localTarget(callback, options.publicUrl, options.appUrl),
    );
    delivery.onError = options.onWebhookError;
    return {
      agt,
      google,
      openAiText,
      openAiRealtime,
      openAiLive,
      openAiRealtimeCalls,
      twilio,
      endpoints: {
        agt: { url: agt.url, apiKey: SANDBOX_KEYS.agt },
        openAiRealtime: { baseURL: openAiRealtime.baseURL },
        openAiLive: { baseURL: openAiLive.baseURL, callsBaseURL: openAiLive.callsBaseURL },
        openAiRealtimeCalls: {
          baseURL: openAiRealtimeCalls.baseURL,
          sidebandBaseURL: openAiRealtimeCalls.sideband.baseURL,
        },
        openAiText: { url: openAiText.url, apiKey: openAiText.apiKey },
        twilio: { url: twilio.url, accountSid: twilio.accountSid, authToken: twilio.authToken },
        google: { url: google.url, clientId: google.clientId, clientSecret: google.clientSecret },
      },
      simulateInboundText: ({ from, to, body }) =>
        twilio.sendInbound(
          { from, to, body },
          { signedUrl: `${publicUrl}${inboundPath}`, targetUrl: `${appUrl}${inboundPath}` },
        ),
      simulateInboundCall: ({ from, to }) =>
        twilio.calls.placeInbound(
          { from, to },
          { signedUrl: `${publicUrl}${voicePath}`, targetUrl: `${appUrl}${voicePath}` },
        ),
      close: async () => {
        delivery?.stop();
        await Promise.all(started.map((fake) => fake.close()));
      },
    };
  } catch (error) {
    delivery?.stop();
    await Promise.allSettled(started.map((fake) => fake.close()));
    throw error;
  }
}
