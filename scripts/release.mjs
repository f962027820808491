#!/usr/bin/env node
// A feature team's release command, for its CI: Node (20.12 or newer) and nothing else. It talks to a
// running server over HTTPS with the remote's deploy token, read from ANNIE_DEPLOY_TOKEN:
//
//   node scripts/release.mjs publish  REMOTE --version V [--dist DIR] [--build "COMMAND"]
//   node scripts/release.mjs canary   REMOTE VERSION --percent N
//   node scripts/release.mjs activate REMOTE VERSION
//   node scripts/release.mjs promote  REMOTE
//   node scripts/release.mjs rollback REMOTE
//
// The server is ANNIE_SERVER_URL (or --server URL): https://, or http:// to this machine only; a redirect
// is never followed with the token. Exit 0 when the server accepted, else 1 with its reason.
import { execSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = `usage: node scripts/release.mjs publish REMOTE --version V [--dist DIR] [--build "COMMAND"]
       node scripts/release.mjs canary REMOTE VERSION --percent N
       node scripts/release.mjs activate REMOTE VERSION
       node scripts/release.mjs promote REMOTE
       node scripts/release.mjs rollback REMOTE
environment: ANNIE_DEPLOY_TOKEN (the remote's deploy token), ANNIE_SERVER_URL (or --server URL)`;

/**
 * Every file of a build folder, with its path inside it (`/`-separated). Source maps are left out:
 * the server would not keep them.
 * @param {string} dir
 * @returns {Promise<{ path: string; content: Buffer }[]>}
 */
export async function readDist(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = [];
  for (const entry of entries) {
    if (!entry.isFile() || /\.map(\.(br|gz))?$/.test(entry.name)) continue;
    const full = join(entry.parentPath, entry.name);
    files.push({ path: relative(dir, full).split(sep).join('/'), content: await readFile(full) });
  }
  return files;
}

/**
 * Why the token may not be sent to `server` (undefined: it may): only over HTTPS, or plain HTTP to this
 * machine (loopback), so a token never crosses a network in the clear.
 * @param {string} server
 * @returns {string | undefined}
 */
export function serverProblem(server) {
  let url;
  try {
    url = new URL(server);
  } catch {
    return `${server} is not a URL`;
  }
  if (url.protocol === 'https:') return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1';
  if (url.protocol === 'http:' && loopback) return undefined;
  return `refusing to send the deploy token to ${url.origin}: use https:// (plain http:// only to this machine)`;
}

/**
 * Calls the server's deploy API for `remote`; resolves with the answer, or throws with the server's reason.
 * @param {{ server: string; token: string }} target
 * @param {string} remote
 * @param {string} action  `releases`, `activate`, `promote` or `rollback`
 * @param {FormData | object | undefined} body
 */
export async function deployCall(target, remote, action, body) {
  const url = new URL(`/api/remotes/deploy/${encodeURIComponent(remote)}/${action}`, target.server);
  const json = body !== undefined && !(body instanceof FormData);
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${target.token}`,
        ...(json ? { 'Content-Type': 'application/json' } : {}),
      },
      body: json ? JSON.stringify(body) : body,
      // A redirect would carry the token elsewhere: never followed, reported.
      redirect: 'manual',
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new Error(`could not reach ${url.origin}: ${cause}`);
  }
  if (response.status >= 300 && response.status < 400)
    throw new Error(
      `${response.status}: the server redirects to ${response.headers.get('location') ?? '(nowhere)'}; not followed with the token: set ANNIE_SERVER_URL to the server's own address`,
    );
  const text = await response.text();
  /** @type {{ message?: string } & Record<string, unknown>} */
  let answer = {};
  try {
    answer = JSON.parse(text);
  } catch {
    answer = { message: text.slice(0, 300) };
  }
  if (!response.ok) throw new Error(`${response.status}: ${answer.message ?? response.statusText}`);
  return { status: response.status, body: answer };
}

/**
 * Publishes a build (multipart: the version, then one part per file named by its path).
 * @param {{ server: string; token: string }} target
 * @param {string} remote
 * @param {string} version
 * @param {{ path: string; content: Buffer }[]} files
 */
export function uploadBuild(target, remote, version, files) {
  const form = new FormData();
  form.append('version', version);
  for (const file of files) form.append(file.path, new Blob([file.content]), file.path.split('/').pop());
  return deployCall(target, remote, 'releases', form);
}

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      dist: { type: 'string' },
      build: { type: 'string' },
      percent: { type: 'string' },
      server: { type: 'string' },
    },
  });
  const [command, remote, version] = positionals;
  const server = values.server ?? process.env.ANNIE_SERVER_URL;
  const token = process.env.ANNIE_DEPLOY_TOKEN;
  if (!command || !remote || !server || !token) {
    console.error(
      `${!token ? 'ANNIE_DEPLOY_TOKEN is not set\n' : ''}${!server ? 'no server: set ANNIE_SERVER_URL or --server\n' : ''}${USAGE}`,
    );
    return 2;
  }
  const refused = serverProblem(server);
  if (refused) return usage(refused);
  const target = { server, token };
  switch (command) {
    case 'publish': {
      if (!values.version) return usage('publish needs --version V');
      if (values.build) execSync(values.build, { stdio: 'inherit' });
      const dist = values.dist ?? join('remotes', remote, 'dist');
      const files = await readDist(dist);
      const bytes = files.reduce((sum, file) => sum + file.content.length, 0);
      const started = performance.now();
      const { status } = await uploadBuild(target, remote, values.version, files);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        status === 201
          ? `Published ${remote} ${values.version}: ${files.length} files, ${bytes} bytes in ${seconds} s (not active yet)`
          : `${remote} ${values.version} was already published with this content: nothing changed`,
      );
      return 0;
    }
    case 'canary': {
      const percent = Number(values.percent);
      if (!version || !Number.isInteger(percent) || percent < 1 || percent > 99)
        return usage('canary needs VERSION and --percent between 1 and 99');
      const { body } = await deployCall(target, remote, 'activate', { version, percent });
      console.log(
        `${remote} ${version} is the canary for ${percent}% of users${waiting(body, remote, version)}`,
      );
      return 0;
    }
    case 'activate': {
      if (!version) return usage('activate needs VERSION');
      const { body } = await deployCall(target, remote, 'activate', { version });
      console.log(`${remote} ${version} is active for everyone${waiting(body, remote, version)}`);
      return 0;
    }
    case 'promote':
    case 'rollback': {
      const { body } = await deployCall(target, remote, command);
      const state = /** @type {{ remotes?: { active: string | null }[] }} */ (body).remotes?.[0];
      console.log(
        `${remote}: ${command === 'promote' ? 'canary promoted' : 'rolled back'}; everyone gets ${state?.active ?? 'the deployed build'}`,
      );
      return 0;
    }
    default:
      return usage(`unknown command ${command}`);
  }
}

/**
 * The note a version not approved yet gets: it reaches the operator's tenant only.
 * @param {Record<string, unknown>} body
 * @param {string} remote
 * @param {string} version
 */
function waiting(body, remote, version) {
  const state =
    /** @type {{ remotes?: { releases: { version: string; approvedBy: string | null }[] }[] }} */ (body)
      .remotes?.[0];
  const release = state?.releases.find((candidate) => candidate.version === version);
  return release && release.approvedBy === null
    ? ` of the operator's tenant only, until an operator administrator approves it (remote:approve ${remote} ${version}, or the Remote releases screen)`
    : '';
}

function usage(problem) {
  console.error(`${problem}\n${USAGE}`);
  return 2;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
