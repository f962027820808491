import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CalleeScript } from './twilio-fake-call-stream.ts';
import { FakeCalls } from './twilio-fake-calls.ts';
import { CONTROL_PREFIX, handleControl, type TwilioFakeControls } from './twilio-fake-control.ts';
import { incomingNumbersPage, type OwnedNumber } from './twilio-fake-numbers.ts';
import {
  type InboundText,
  inboundParams,
  newMessageSid,
  postSignedWebhook,
  type WebhookReply,
} from './twilio-fake-webhooks.ts';

export type { CalleeScript, FakeCall, StreamRecord } from './twilio-fake-calls.ts';
export type { OwnedNumber } from './twilio-fake-numbers.ts';
export type { InboundText, WebhookReply } from './twilio-fake-webhooks.ts';

/** One message the app asked the fake to send (the form fields of Messages.json). */
export type SentMessage = {
  sid: string;
  to: string;
  from: string;
  body: string;
  mediaUrls: string[];
  statusCallback: string | undefined;
  /** What Twilio charges (negative), once the message was sent: null before. */
  price?: string;
};

/** Twilio's US rate per outbound SMS segment. */
export const TWILIO_SMS_SEGMENT_USD = 0.0083;

/** A Twilio REST error the next sends answer with, e.g. {status: 400, code: 21610}. */
export type TwilioFakeFailure = { status: number; code: number; message: string; times?: number };

export type TwilioFake = {
  /** Base URL for `client.api.baseUrl`. */
  url: string;
  accountSid: string;
  authToken: string;
  sent: SentMessage[];
  /** The account's phone numbers (IncomingPhoneNumbers); change it to move a number or its webhooks. */
  numbers: OwnedNumber[];
  /** The next sends and calls (all, or `times` of them) fail with this Twilio error body. */
  failSends: (failure: TwilioFakeFailure) => void;
  /** Sends to this number fail with 21610 from now on, as after the recipient texted STOP. */
  blockRecipient: (phone: string) => void;
  /** Delivers an inbound text to the app's incoming-message webhook, signed. */
  sendInbound: (
    text: InboundText,
    webhook: { signedUrl: string; targetUrl?: string },
  ) => Promise<WebhookReply>;
  /** Posts a status callback for a sent message to the callback URL it was sent with, signed. */
  reportStatus: (
    sid: string,
    status: string,
    options?: { errorCode?: number; targetUrl?: string },
  ) => Promise<WebhookReply>;
  /** Voice: the calls the app placed or the fake rang it with, their media streams and callbacks. */
  calls: FakeCalls;
  close: () => Promise<void>;
};

const MORE_INFO = 'https://www.twilio.com/docs/errors/';
// Twilio's default keywords for long codes: after one of these a number gets nothing until it opts back in.
const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'];
const keywordOf = (body: string) =>
  body
    .trim()
    .replace(/^[\s.!?,;:]+|[\s.!?,;:]+$/g, '')
    .toUpperCase();

// GSM-7's basic set (and its extension, which takes two septets): anything else makes the text UCS-2.
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** How many SMS segments Twilio bills for `body`: 160/153 GSM-7 septets, or 70/67 UCS-2 characters. */
export function smsSegments(body: string): number {
  const chars = [...body];
  const gsm = chars.every((char) => GSM7.includes(char) || GSM7_EXTENDED.includes(char));
  const units = gsm
    ? chars.reduce((sum, char) => sum + (GSM7_EXTENDED.includes(char) ? 2 : 1), 0)
    : body.length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  return units <= single ? 1 : Math.ceil(units / multi);
}

/** The Message resource as Twilio answers it: segments at once, the price once the message was sent. */
function messageResource(accountSid: string, message: SentMessage, status: string) {
  const now = new Date().toUTCString().replace('GMT', '+0000');
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: message.body,
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: message.from,
    messaging_service_sid: null,
    num_media: String(message.mediaUrls.length),
    num_segments: String(smsSegments(message.body)),
    price: message.price ?? null,
    price_unit: 'USD',
    sid: message.sid,
    status,
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
    to: message.to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
  };
}

const UNSUBSCRIBED = { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' };

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function errorBody(failure: Omit<TwilioFakeFailure, 'times'>) {
  return {
    code: failure.code,
    message: failure.message,
    more_info: `${MORE_INFO}${failure.code}`,
    status: failure.status,
  };
}

/** `POST Calls.json` (place a call) and `POST Calls/{sid}.json` (end it), answered like Twilio. */
function handleCallRequest(
  calls: FakeCalls,
  rest: string,
  body: string,
  res: ServerResponse,
  method = 'POST',
) {
  const form = new URLSearchParams(body);
  if (method === 'GET') {
    const found = calls.fetch(/^\/(CA\w+)\.json$/.exec(rest)?.[1] ?? '');
    if (found) return send(res, 200, found);
    return send(
      res,
      404,
      errorBody({ status: 404, code: 20404, message: 'The requested resource was not found' }),
    );
  }
  if (rest === '.json') {
    if (!form.get('To') || !form.get('From')) {
      return send(
        res,
        400,
        errorBody({ status: 400, code: 21201, message: "A 'To' and a 'From' number are required." }),
      );
    }
    if (!form.get('Twiml') && !form.get('Url')) {
      return send(res, 400, errorBody({ status: 400, code: 21205, message: 'Url or Twiml is required.' }));
    }
    return send(res, 201, calls.create(form));
  }
  const updated = calls.update(/^\/(CA\w+)\.json$/.exec(rest)?.[1] ?? '', form);
  if (!updated)
    return send(
      res,
      404,
      errorBody({ status: 404, code: 20404, message: 'The requested resource was not found' }),
    );
  send(res, 200, updated);
}

/**
 * A loopback Twilio: answers `POST /2010-04-01/Accounts/{Sid}/Messages.json` like the REST API (Basic
 * auth, form fields, 201 with the message resource or Twilio's error body) and lists the account's
 * IncomingPhoneNumbers (401 code 20003 for wrong credentials), records every send, and
 * drives the app's webhooks signed with the auth token, as Twilio does.
 */
export async function startTwilioFake(
  options: {
    accountSid?: string;
    authToken?: string;
    port?: number;
    /** Where texts sent through the control endpoint go (the messaging number's webhook). */
    inboundWebhook?: { signedUrl: string; targetUrl?: string };
    /** Called after each accepted send has been answered (the sandbox reports its delivery from here). */
    onSent?: (message: SentMessage) => void;
    /** Where calls placed through the control endpoint ring (the number's voice webhook). */
    voiceWebhook?: { signedUrl: string; targetUrl?: string };
    /** Where the app listens, when it differs from the public URLs it gives Twilio. */
    appUrl?: string;
    /** How the callee of the app's calls behaves (default: the μ-law fixture, all at once). */
    callee?: Partial<CalleeScript>;
    /** The numbers the account owns, with their console webhooks. */
    numbers?: OwnedNumber[];
  } = {},
): Promise<TwilioFake> {
  const accountSid = options.accountSid ?? `AC${'0'.repeat(32)}`;
  const authToken = options.authToken ?? 'fake-twilio-auth-token';
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const sent: SentMessage[] = [];
  const numbers: OwnedNumber[] = [...(options.numbers ?? [])];
  const blocked = new Set<string>();
  let failure: TwilioFakeFailure | undefined;
  // The next requests (all, or `times` of them) fail: texts and calls alike.
  const takeFailure = () => {
    const current = failure;
    if (current?.times !== undefined && --current.times <= 0) failure = undefined;
    return current;
  };
  const calls = new FakeCalls({ accountSid, authToken, appUrl: options.appUrl, callee: options.callee });

  // The control endpoints call the fake defined below (only ever after it exists).
  const controls: TwilioFakeControls = {
    sent,
    sendInbound: (text) => {
      if (!options.inboundWebhook) return Promise.reject(new Error('No inboundWebhook configured'));
      return fake.sendInbound(text, options.inboundWebhook);
    },
    reportStatus: (sid, status, errorCode) => fake.reportStatus(sid, status, { errorCode }),
    calls,
    voiceWebhook: options.voiceWebhook,
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://twilio.invalid').pathname;
      if (path.startsWith(CONTROL_PREFIX)) {
        return handleControl(
          controls,
          req.method ?? 'GET',
          path,
          Buffer.concat(chunks).toString('utf8'),
          res,
        );
      }
      // Another account's path with these credentials is refused like a wrong password.
      const numbersPath = /^\/2010-04-01\/Accounts\/([^/]+)\/IncomingPhoneNumbers\.json$/.exec(path);
      if (req.method === 'GET' && numbersPath) {
        if (req.headers.authorization !== expectedAuth || numbersPath[1] !== accountSid) {
          return send(res, 401, errorBody({ status: 401, code: 20003, message: 'Authenticate' }));
        }
        const query = new URL(req.url ?? '/', 'http://twilio.invalid').searchParams;
        return send(res, 200, incomingNumbersPage(accountSid, numbers, query));
      }
      const callsPath = `/2010-04-01/Accounts/${accountSid}/Calls`;
      if ((req.method === 'POST' || req.method === 'GET') && path.startsWith(callsPath)) {
        if (req.headers.authorization !== expectedAuth) {
          return send(res, 401, errorBody({ status: 401, code: 20003, message: 'Authenticate' }));
        }
        const failed = req.method === 'POST' && path === `${callsPath}.json` ? takeFailure() : undefined;
        if (failed) return send(res, failed.status, errorBody(failed));
        return handleCallRequest(
          calls,
          path.slice(callsPath.length),
          Buffer.concat(chunks).toString('utf8'),
          res,
          req.method,
        );
      }
      const fetched = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/(SM\w+)\.json$/.exec(path);
      if (req.method === 'GET' && fetched) {
        if (req.headers.authorization !== expectedAuth || fetched[1] !== accountSid)
          return send(res, 401, errorBody({ status: 401, code: 20003, message: 'Authenticate' }));
        const message = sent.find((item) => item.sid === fetched[2]);
        if (!message)
          return send(
            res,
            404,
            errorBody({ status: 404, code: 20404, message: 'The requested resource was not found' }),
          );
        return send(res, 200, messageResource(accountSid, message, message.price ? 'delivered' : 'queued'));
      }
      if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return send(
          res,
          404,
          errorBody({ status: 404, code: 20404, message: 'The requested resource was not found' }),
        );
      }
      if (req.headers.authorization !== expectedAuth) {
        return send(res, 401, errorBody({ status: 401, code: 20003, message: 'Authenticate' }));
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const from = form.get('From') ?? '';
      if (!to)
        return send(
          res,
          400,
          errorBody({ status: 400, code: 21604, message: "A 'To' phone number is required." }),
        );
      if (blocked.has(to)) return send(res, 400, errorBody(UNSUBSCRIBED));
      const failed = takeFailure();
      if (failed) return send(res, failed.status, errorBody(failed));
      const message: SentMessage = {
        sid: newMessageSid(),
        to,
        from,
        body: form.get('Body') ?? '',
        mediaUrls: form.getAll('MediaUrl'),
        statusCallback: form.get('StatusCallback') ?? undefined,
      };
      sent.push(message);
      send(res, 201, messageResource(accountSid, message, 'queued'));
      options.onSent?.(message);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const fake: TwilioFake = {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    sent,
    numbers,
    failSends: (next) => {
      failure = { ...next };
    },
    blockRecipient: (phone) => blocked.add(phone),
    sendInbound: (text, webhook) => {
      // Like Twilio, an opt-out keyword blocks the sender at once, before the app hears of it.
      const keyword = keywordOf(text.body);
      if (OPT_OUT_KEYWORDS.includes(keyword)) blocked.add(text.from);
      if (OPT_IN_KEYWORDS.includes(keyword)) blocked.delete(text.from);
      return postSignedWebhook(
        authToken,
        webhook.signedUrl,
        inboundParams(accountSid, text),
        webhook.targetUrl,
      );
    },
    async reportStatus(sid, status, statusOptions = {}) {
      const message = sent.find((item) => item.sid === sid);
      if (!message?.statusCallback) throw new Error(`No sent message ${sid} with a status callback`);
      // Twilio prices a message once it has left: per segment, known from then on.
      if ((status === 'sent' || status === 'delivered') && !message.price)
        message.price = (-(smsSegments(message.body) * TWILIO_SMS_SEGMENT_USD)).toFixed(5);
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: message.from,
        To: message.to,
        MessageSid: sid,
        SmsSid: sid,
        MessageStatus: status,
        SmsStatus: status,
      };
      if (statusOptions.errorCode !== undefined) params.ErrorCode = String(statusOptions.errorCode);
      return postSignedWebhook(authToken, message.statusCallback, params, statusOptions.targetUrl);
    },
    calls,
    close: async () => {
      await calls.closeAll();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
  return fake;
}
