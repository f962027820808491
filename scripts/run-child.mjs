// Runs a child process the way an orchestrator expects of a wrapper: stdio inherited, SIGINT/SIGTERM/SIGHUP
// passed on to the child (never an orphan left behind when `docker stop` or systemd signals the top
// process), and the child's exit code returned. Plain JavaScript: scripts/annie.mjs uses it before any install.
// @ts-check
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** @type {NodeJS.Signals[]} */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * The shell's convention for a process ended by a signal: 128 + its number.
 * @param {number | null} code
 * @param {NodeJS.Signals | null} signal
 */
export function exitCodeOf(code, signal) {
  if (typeof code === 'number') return code;
  return 128 + ((signal && constants.signals[signal]) ?? 1);
}

/**
 * Starts `cmd args`, forwards signals while it runs, resolves with its exit code.
 * @param {string} cmd
 * @param {readonly string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<number>}
 */
export function runChild(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    // While a child runs this process must not die of the signal itself: it waits for the child instead.
    const handlers = FORWARDED.map((signal) => {
      const pass = () => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      };
      process.on(signal, pass);
      return /** @type {const} */ ([signal, pass]);
    });
    const done = () => {
      for (const [signal, pass] of handlers) process.off(signal, pass);
    };
    child.once('error', (error) => {
      done();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      done();
      resolve(exitCodeOf(code, signal));
    });
  });
}
