import type { RemoteName } from '@annie/contracts/remotes';
import { ROUTE_TABLE } from '@annie/contracts/routes';
import { z } from 'zod';

/**
 * The part of a Module Federation 2 `mf-manifest.json` the gate reads (`Manifest` in
 * @module-federation/sdk: `name`, `shared[]` with `name`/`version`/`singleton`, `exposes[]` with
 * `path` such as `./app`); other fields pass through untouched.
 */
const manifestSchema = z.object({
  name: z.string(),
  shared: z.array(z.object({ name: z.string(), version: z.string(), singleton: z.boolean().default(false) })),
  exposes: z.array(z.object({ name: z.string(), path: z.string().optional() })),
});

/**
 * `annie-remote.json`, written by the build beside the manifest: the pages its `./app` exports, and the
 * names its code takes from each shared surface (absent in builds older than that list).
 */
const declarationSchema = z.object({
  name: z.string(),
  pages: z.record(z.string(), z.array(z.string())),
  surfaces: z.record(z.string(), z.array(z.string())).optional(),
});

export type ManifestFacts = {
  shared: { name: string; version: string; singleton: boolean }[];
  exposes: string[];
};

export type GateResult = { ok: true; facts: ManifestFacts } | { ok: false; problems: string[] };

type Version = [number, number, number];

function parseVersion(text: string): Version | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/**
 * Whether the shell's `host` copy of a singleton can serve a build made against `built`: the caret range
 * of `built` (same major, same minor below 1.0, and the host no older than the build, which may call what
 * its version added). The federation runtime gives every remote the shell's copy, so anything else runs
 * the build against a React, router or zod it was not made for.
 */
export function hostServes(host: string, built: string): boolean {
  const h = parseVersion(host);
  const b = parseVersion(built);
  if (!h || !b) return host === built;
  if (h[0] !== b[0]) return false;
  if (h[0] === 0 && h[1] !== b[1]) return false;
  return compare(h, b) >= 0;
}

/** The modules the route table loads from `remote` (`./app`, and `./console` for voice). */
function requiredModules(remote: RemoteName): string[] {
  return [...new Set(ROUTE_TABLE.filter((route) => route.remote === remote).map((route) => route.module))];
}

/** The `./app` pages the route table opens for `remote`. */
function requiredPages(remote: RemoteName): string[] {
  const pages = ROUTE_TABLE.filter((route) => route.remote === remote && route.module === './app').map(
    (route) => route.page,
  );
  return [...new Set(pages)];
}

const issues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ');

/**
 * The names a build takes from a shared surface that the shell's module of it does not provide: the
 * federation runtime gives the build the shell's module (a singleton), in which such a name is undefined.
 * A copy of its own is no way out for these packages: a second Radix Themes, router or react-query
 * would not see the shell's providers (theme, router, query client), so the build is refused instead.
 */
function surfaceProblems(needs: Record<string, string[]>, provided: Record<string, string[]>): string[] {
  return Object.entries(needs).flatMap(([name, names]) => {
    const offered = provided[name];
    const missing = offered ? names.filter((needed) => !offered.includes(needed)) : [];
    return missing.length > 0
      ? [
          `it uses ${missing.join(', ')} from ${name}, which the shell's shared ${name} does not provide: release a shell that lists ${missing.length > 1 ? 'them' : 'it'} in its shared surface (packages/build-config shared-surface.ts) first`,
        ]
      : [];
  });
}

/**
 * Checks a build against this host before it may be published: its manifest names the remote, shares
 * React and react-dom, shares every singleton at a version the shell's own (`hostShared`) can serve, as
 * a singleton; exposes every module the route table loads from it; declares every page the route table
 * opens; and needs from each shared surface only names the shell's module of it provides
 * (`hostSurfaces`, when known). Each refusal names what does not fit.
 */
export function checkCompatibility(
  remote: RemoteName,
  manifestJson: unknown,
  declarationJson: unknown,
  hostShared: Record<string, string>,
  hostSurfaces?: Record<string, string[]>,
): GateResult {
  const manifest = manifestSchema.safeParse(manifestJson);
  if (!manifest.success)
    return {
      ok: false,
      problems: [`mf-manifest.json is not a federation manifest: ${issues(manifest.error)}`],
    };
  const problems: string[] = [];
  const { name, shared, exposes } = manifest.data;
  if (name !== remote) problems.push(`the manifest is the build of "${name}", not "${remote}"`);

  for (const required of ['react', 'react-dom']) {
    if (!shared.some((entry) => entry.name === required))
      problems.push(`${required} is not shared: the build would run its own copy beside the shell's`);
  }
  for (const entry of shared) {
    const host = hostShared[entry.name];
    if (host === undefined) continue;
    if (!entry.singleton) problems.push(`${entry.name} ${entry.version} is shared but not as a singleton`);
    if (!hostServes(host, entry.version))
      problems.push(`${entry.name} ${entry.version} cannot be served by the shell's ${entry.name} ${host}`);
  }

  const exposed = exposes.map((entry) => entry.path ?? `./${entry.name}`);
  for (const module of requiredModules(remote)) {
    if (!exposed.includes(module)) problems.push(`it does not expose ${module}, which the route table loads`);
  }

  const declaration = declarationSchema.safeParse(declarationJson);
  if (!declaration.success) {
    problems.push(
      'annie-remote.json (the pages its ./app exports) is missing or unreadable: build it with remoteConfig',
    );
  } else {
    const pages = declaration.data.pages['./app'] ?? [];
    const missing = requiredPages(remote).filter((page) => !pages.includes(page));
    if (missing.length > 0)
      problems.push(
        `its ./app lacks the page${missing.length > 1 ? 's' : ''} ${missing.join(', ')} the route table opens`,
      );
    if (declaration.data.surfaces && hostSurfaces)
      problems.push(...surfaceProblems(declaration.data.surfaces, hostSurfaces));
  }

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, facts: { shared, exposes: exposed } };
}
