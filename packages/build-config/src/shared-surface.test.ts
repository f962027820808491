import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserSources, REPOSITORY_ROOT } from './browser-sources.ts';
import { deferredModuleSource, SHARED_SURFACES, surfaceModuleSource } from './shared-surface.ts';
import { type SurfaceUse, surfaceNeeds, surfacesProvided, surfaceUses } from './surface-imports.ts';

const uses = surfaceUses(browserSources());

describe.each(Object.entries(SHARED_SURFACES))('the shared surface of %s', (name, surface) => {
  const use = uses.get(name) as SurfaceUse;
  const namespaces = surface.namespaces ?? {};

  it('is imported only by name, so that every use is checked against it', () => {
    expect(use.refused).toEqual([]);
  });

  it('lists every name and namespace member the browser code uses, and nothing it does not', () => {
    const imported = [...use.names].filter((imported) => !(imported in namespaces)).sort();
    expect(imported).toEqual([...surface.exports]);
    for (const [namespace, members] of Object.entries(namespaces)) {
      expect([...(use.members.get(namespace) ?? [])].sort(), namespace).toEqual([...members]);
    }
  });

  it("names only what the installed package's ES module exports", async () => {
    const packageDir = realpathSync(join(REPOSITORY_ROOT, 'shell/node_modules', name));
    const module = (await import(join(packageDir, surface.esmEntry))) as Record<string, unknown>;
    for (const exported of [...surface.exports, ...Object.values(namespaces).flat()]) {
      expect(module[exported], exported).toBeDefined();
    }
  });
});

describe('surfaceModuleSource', () => {
  it('exports deferred names as stand-ins, each loading its own chunk, and the rest from the entry', () => {
    const source = surfaceModuleSource(
      {
        esmEntry: 'dist/index.js',
        exports: ['Button', 'DropdownMenu', 'Slider'],
        deferred: { DropdownMenu: ['Root', 'Trigger'], Slider: [] },
      },
      '/pkg',
      { DropdownMenu: '/cache/pkg.deferred.DropdownMenu.js', Slider: '/cache/pkg.deferred.Slider.js' },
    );
    expect(source).toContain('export { Button } from "/pkg/dist/index.js";');
    expect(source).toContain(
      'const loadDropdownMenu = () => import(/* webpackChunkName: "deferred-ui-dropdown-menu" */ "/cache/pkg.deferred.DropdownMenu.js");',
    );
    expect(source).toContain(
      'export const DropdownMenu = Object.freeze({ Root: deferred("DropdownMenu", "Root", loadDropdownMenu), Trigger: deferred("DropdownMenu", "Trigger", loadDropdownMenu) });',
    );
    expect(source).toContain('export const Slider = deferred("Slider", undefined, loadSlider);');
    expect(source).toContain('const OPENS = ["AlertDialog","Dialog","DropdownMenu","Select"];');
    expect(() =>
      surfaceModuleSource({ esmEntry: 'x.js', exports: ['A'], deferred: { A: [] } }, '/pkg'),
    ).toThrow(/no module path/);
  });

  it("writes a deferred name's module with its component's own stylesheet subset", () => {
    const source = deferredModuleSource(
      {
        esmEntry: 'dist/index.js',
        exports: ['Select'],
        deferred: { Select: [] },
        deferredStyles: { sheet: 'components.css', query: 'radix-subset&x', parts: { Select: ['Popper'] } },
      },
      '/pkg',
      'Select',
    );
    expect(source).toContain('import "/pkg/components.css?radix-subset&x&families=Select,Popper";');
    expect(source).toContain('export { Select } from "/pkg/dist/index.js";');
  });

  it('re-exports the names and builds each namespace from its members, from the absolute entry', () => {
    const source = surfaceModuleSource(
      { esmEntry: 'dist/index.js', exports: ['Link', 'Route'], namespaces: { z: ['enum', 'object'] } },
      '/pkg',
    );
    expect(source).toContain('export { Link, Route } from "/pkg/dist/index.js";');
    expect(source).toContain('import { enum as z_0, object as z_1 } from "/pkg/dist/index.js";');
    expect(source).toContain('export const z = Object.freeze({ "enum": z_0, "object": z_1 });');
  });
});

describe("a remote's needs against the shell's offer (annie-remote.json's surfaces, host-surfaces.json)", () => {
  it("names a namespace's members as namespace.member, and the shell offers what the repository's code uses", () => {
    const needs = surfaceNeeds(uses);
    expect(needs.zod).toContain('z.object');
    const provided = surfacesProvided();
    for (const [name, names] of Object.entries(needs)) {
      expect(
        names.filter((needed) => !provided[name]?.includes(needed)),
        name,
      ).toEqual([]);
    }
  });
});
