import type { SentMessage, TwilioFake } from '../twilio-fake.ts';

/** Reports each sent text's progress to the app, as Twilio's status callbacks do. */
export type DeliveryReporter = {
  track: (message: SentMessage) => void;
  stop: () => void;
  onError?: (message: string) => void;
};

/**
 * A handset's progress, as Twilio reports it: the carrier takes the message, then the phone confirms it.
 * The pauses only make the ticks visible in the sandbox; the app accepts the callbacks in any order.
 */
export const DELIVERY_STEPS = [
  { status: 'sent', afterMs: 300 },
  { status: 'delivered', afterMs: 1_200 },
] as const;

/**
 * Sends `sent` then `delivered` for every message the Twilio fake accepted, signed, to the callback URL
 * the app gave with it (mapped by `targetOf` to where the app listens).
 */
export function startDeliveryReports(
  twilio: TwilioFake,
  targetOf: (callbackUrl: string) => string,
): DeliveryReporter {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const reporter: DeliveryReporter = {
    track(message) {
      const callback = message.statusCallback;
      if (!callback || stopped) return;
      for (const step of DELIVERY_STEPS) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          twilio
            .reportStatus(message.sid, step.status, { targetUrl: targetOf(callback) })
            .then((reply) => {
              if (reply.status >= 400)
                reporter.onError?.(`The app answered ${reply.status} to the ${step.status} status callback`);
            })
            .catch((error: unknown) =>
              reporter.onError?.(`The ${step.status} status callback failed: ${String(error)}`),
            );
        }, step.afterMs);
        timers.add(timer);
      }
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return reporter;
}
