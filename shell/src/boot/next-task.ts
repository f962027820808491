/**
 * Resolves in a task of its own, letting the browser in (input, paint) before the caller goes on: start-up
 * work done in steps rather than one long task. A message to itself, not setTimeout: a timer in a
 * background tab waits up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
