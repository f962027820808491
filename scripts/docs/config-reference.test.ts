import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envSchema } from '@annie/api/src/config/env.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { checkConfigDocs } from '../check-docs.ts';
import { ROOT } from '../lib/root.ts';
import { CONFIG_DOC, configVariables, ENV_EXAMPLE, envExample, schemaDefaults } from './config-reference.ts';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A copy of the repository's two config docs, with `change` applied to one of them. */
function copyWith(file: string, change: (text: string) => string): string {
  root = mkdtempSync(join(tmpdir(), 'annie-config-docs-'));
  mkdirSync(join(root, 'docs'));
  for (const each of [ENV_EXAMPLE, CONFIG_DOC]) cpSync(join(ROOT, each), join(root, each));
  writeFileSync(join(root, file), change(readFileSync(join(root, file), 'utf8')));
  return root;
}

describe('the configuration docs', () => {
  it('are what the schema writes (`npm run docs`)', () => {
    expect(checkConfigDocs(ROOT)).toEqual([]);
  });

  it('list every schema variable in .env.example, with its default', () => {
    const listed = [...envExample().matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)];
    expect(listed.map((match) => match[1]).sort()).toEqual(Object.keys(envSchema.shape).sort());
    expect(listed.find((match) => match[1] === 'DB_POOL_MAX')?.[2]).toBe(schemaDefaults().get('DB_POOL_MAX'));
  });

  it('fail, naming the line, when .env.example lacks a variable', () => {
    const at = copyWith(ENV_EXAMPLE, (text) => text.replace(/^# DB_POOL_MAX=.*\n/m, ''));
    const line = readFileSync(join(ROOT, ENV_EXAMPLE), 'utf8').split('\n').indexOf('# DB_POOL_MAX=12') + 1;
    expect(checkConfigDocs(at)).toEqual([expect.objectContaining({ file: ENV_EXAMPLE, line })]);
  });

  it('fail when a default in docs/configuration.md differs from the schema', () => {
    const at = copyWith(CONFIG_DOC, (text) =>
      text.replace('| `DB_POOL_MAX` | `12` |', '| `DB_POOL_MAX` | `20` |'),
    );
    expect(checkConfigDocs(at)).toEqual([
      expect.objectContaining({ file: CONFIG_DOC, message: expect.stringContaining('npm run docs') }),
    ]);
  });

  it('name a schema variable without a note, and a note without a variable', () => {
    const defaults = new Map(schemaDefaults());
    defaults.set('NEW_SETTING', '1');
    defaults.delete('ASSISTANT_NAME');
    expect(configVariables(defaults).problems).toEqual([
      'ASSISTANT_NAME has a note in scripts/docs/config-notes.ts but is not in the config schema',
      'NEW_SETTING is in the config schema but has no note in scripts/docs/config-notes.ts',
    ]);
  });
});
