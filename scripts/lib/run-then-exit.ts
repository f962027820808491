/**
 * Runs a benchmark's main and ends the process with its outcome: werift keeps UDP sockets of closed peer
 * connections open, which would keep the process alive.
 */
export function runThenExit(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
