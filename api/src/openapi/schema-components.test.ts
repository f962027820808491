import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SchemaComponents } from './schema-components.ts';

const tree = z.object({
  label: z.string(),
  get children() {
    return z.array(tree);
  },
});
const settings = z.object({ theme: z.enum(['light', 'dark']).default('light') });

describe('SchemaComponents', () => {
  it('refers to a named recursive schema by its component, which refers to itself', () => {
    const page = z.object({ roots: z.array(tree) });
    const components = new SchemaComponents({ Tree: tree }, { input: [], output: [page, tree] });
    expect(components.of(tree, 'output')).toEqual({ $ref: '#/components/schemas/Tree' });
    expect(components.of(page, 'output')).toMatchObject({
      properties: { roots: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
    });
    expect(components.schemas()).toEqual({
      Tree: expect.objectContaining({
        properties: {
          label: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
        },
      }),
    });
    expect(JSON.stringify(components.schemas())).not.toMatch(/\$defs|\$id|\$schema/);
  });

  it('keeps the input form of a named schema apart when a request uses it (defaults are optional there)', () => {
    const body = z.object({ settings });
    const components = new SchemaComponents({ Settings: settings }, { input: [body], output: [settings] });
    expect(components.of(body, 'input')).toMatchObject({
      properties: { settings: { $ref: '#/components/schemas/SettingsInput' } },
    });
    components.of(settings, 'output');
    const { Settings, SettingsInput } = components.schemas();
    expect(Settings).toMatchObject({ required: ['theme'] });
    expect(SettingsInput).not.toHaveProperty('required');
  });

  it('emits only the components the operations refer to, and those these refer to', () => {
    const forest = z.object({ trees: z.array(tree) });
    const components = new SchemaComponents(
      { Forest: forest, Tree: tree, Settings: settings },
      { input: [], output: [forest] },
    );
    components.of(forest, 'output');
    expect(Object.keys(components.schemas())).toEqual(['Forest', 'Tree']);
  });

  it("spells out an unnamed schema shared by operations, even inside another operation's", () => {
    const item = z.object({ id: z.uuid() });
    const list = z.array(item);
    const components = new SchemaComponents({}, { input: [], output: [item, list] });
    expect(components.of(item, 'output')).toMatchObject({ type: 'object' });
    expect(components.of(list, 'output')).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(components.schemas()).toEqual({});
  });

  it('spells out a named schema where the document reads it property by property (a query)', () => {
    const components = new SchemaComponents({ Settings: settings }, { input: [settings], output: [] });
    expect(components.of(settings, 'input')).toEqual({ $ref: '#/components/schemas/SettingsInput' });
    expect(components.spelledOut(settings, 'input')).toMatchObject({ properties: { theme: {} } });
  });

  it('refuses a recursive schema without a name, which a document could only point into nowhere', () => {
    expect(() => new SchemaComponents({}, { input: [], output: [tree] })).toThrow(/add it to namedSchemas/);
    expect(() => new SchemaComponents({}, { input: [], output: [z.object({ tree })] })).toThrow(
      /add it to namedSchemas/,
    );
  });
});
