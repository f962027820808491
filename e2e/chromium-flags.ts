/**
 * Debian's Chromium, headless, with what this machine's closed network needs: without the background
 * networking flags it keeps dialling Google's hosts and its connections are refused. Shared by the e2e
 * config and the benchmark scripts.
 */
export const HEADLESS_CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
