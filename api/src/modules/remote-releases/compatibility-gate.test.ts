import { describe, expect, it } from 'vitest';
import { checkCompatibility } from './compatibility-gate.ts';
import { HOST_SHARED, testBuild } from './testing/test-build.ts';

const SHELL_SURFACES = { '@radix-ui/themes': ['Button', 'Flex', 'Text'], zod: ['z.object', 'z.string'] };

/** The gate's answer for a lab build whose code takes `surfaces` from the shared surfaces. */
function gate(surfaces: Record<string, string[]> | undefined, hostSurfaces = SHELL_SURFACES) {
  const files = testBuild('lab');
  const json = (path: string) =>
    JSON.parse(files.find((file) => file.path === path)?.content.toString() ?? '');
  const declaration = { ...json('annie-remote.json'), ...(surfaces ? { surfaces } : {}) };
  return checkCompatibility('lab', json('mf-manifest.json'), declaration, HOST_SHARED, hostSurfaces);
}

describe("a build's needs from the shell's shared surfaces", () => {
  it('passes when the shell provides every name the build takes', () => {
    expect(gate({ '@radix-ui/themes': ['Button', 'Text'], zod: ['z.object'] }).ok).toBe(true);
  });

  it('refuses a name the shell does not provide, naming it and what to do', () => {
    const result = gate({ '@radix-ui/themes': ['Button', 'Kbd', 'Strong'], zod: ['z.object', 'z.bigint'] });
    expect(result.ok).toBe(false);
    const problems = result.ok ? '' : result.problems.join('\n');
    expect(problems).toContain(
      "it uses Kbd, Strong from @radix-ui/themes, which the shell's shared @radix-ui/themes does not provide",
    );
    expect(problems).toContain("it uses z.bigint from zod, which the shell's shared zod does not provide");
    expect(problems).toContain('shared-surface.ts');
  });

  it('leaves a package the shell does not share as a surface to the build (its own copy)', () => {
    expect(gate({ 'some-package': ['anything'] }).ok).toBe(true);
  });

  it('cannot check a build that declares no needs, or a shell that did not write its offer', () => {
    expect(gate(undefined).ok).toBe(true);
    const files = testBuild('lab');
    const json = (path: string) =>
      JSON.parse(files.find((file) => file.path === path)?.content.toString() ?? '');
    const declaration = { ...json('annie-remote.json'), surfaces: { zod: ['z.bigint'] } };
    expect(checkCompatibility('lab', json('mf-manifest.json'), declaration, HOST_SHARED).ok).toBe(true);
  });
});
