import { readFileSync } from 'node:fs';
import type { Compilation } from '@rspack/core';
import ts from 'typescript';
import { surfaceNeeds, surfaceUses } from './surface-imports.ts';

// The build's own TypeScript sources (the app's and the workspace packages' it bundles), not a
// dependency's, nor the surface modules generated under node_modules/.cache.
const OWN_SOURCE = /\.tsx?$/;
const NOT_OWN = /[\\/]node_modules[\\/]|\.d\.ts$/;

/**
 * The names this compilation's code takes from each shared surface (surface-imports.ts' form), read from
 * the sources it compiled: exactly what this build will ask the shell's shared modules for at run time.
 */
export function compiledSurfaceNeeds(compilation: Compilation): Record<string, string[]> {
  const files = [...compilation.fileDependencies].filter(
    (file) => OWN_SOURCE.test(file) && !NOT_OWN.test(file),
  );
  const sources = files.map((file) => ({
    path: file,
    source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  return surfaceNeeds(surfaceUses(sources));
}
