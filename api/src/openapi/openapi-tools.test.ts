// The served document as an integrator meets it: a standard OpenAPI 3.1 validator accepts it, and a
// standard client generator turns it into TypeScript types that compile.
import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/test-app.ts';
import type { OpenApiDocument } from './openapi-document.ts';

const app = await startTestApp();
const user = await app.signedIn(await app.createUser());
const document = (await user.get<OpenApiDocument>('/api/openapi.json')).body;

/** Type-checks one module (the generated types and code using them) with the compiler's own lib files. */
function typeErrors(source: string): string[] {
  const file = '/generated/api.ts';
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === file || ts.sys.fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.getSourceFile = (name, version) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the deploy API in the document', () => {
  const deploy = ['releases', 'activate', 'promote', 'rollback'].map(
    (action) => document.paths[`/api/remotes/deploy/{remote}/${action}`]?.post,
  );

  it('says its four operations take a deploy token as a Bearer credential', () => {
    expect(document.components).toMatchObject({
      securitySchemes: { deployToken: { type: 'http', scheme: 'bearer' } },
    });
    for (const operation of deploy) {
      expect(operation?.security).toEqual([{ deployToken: [] }]);
      expect(Object.keys(operation?.responses as object)).toEqual(expect.arrayContaining(['401', '403']));
    }
  });

  it('describes the multipart upload (version and files) and the JSON activation', () => {
    const [upload, activate] = deploy as unknown as {
      requestBody: { content: Record<string, { schema: object }> };
    }[];
    const form = upload?.requestBody.content['multipart/form-data']?.schema;
    expect(JSON.stringify(form)).toContain('"binary"');
    expect(form).toMatchObject({ required: ['version'] });
    expect(Object.keys(activate?.requestBody.content ?? {})).toEqual(['application/json']);
  });
});

describe('GET /api/openapi.json with standard tools', () => {
  it('is a valid OpenAPI 3.1 document whose every $ref resolves (@apidevtools/swagger-parser)', async () => {
    // validate() dereferences the object it is given: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toMatchObject({
      openapi: '3.1.0',
    });
  });

  it('generates TypeScript types that compile, named schemas included (openapi-typescript)', async () => {
    const types = astToString(await openapiTS(structuredClone(document) as never, { silent: true }));
    for (const path of Object.keys(document.paths)) expect(types).toContain(`"${path}": {`);
    for (const name of Object.keys(document.components.schemas as object)) {
      expect(types).toContain(`components["schemas"]["${name}"]`);
    }
    const usage = `
type Fact = paths['/api/knowledge/facts']['get']['responses'][200]['content']['application/json'][number];
const fact: Fact = { id: 'f', key: 'k', value: { nested: [1, 'two', null] }, unit: null, version: 1,
  source: 'other', shareable: false, createdAt: '2026-01-01T00:00:00Z', approvedAt: null };
// @ts-expect-error a fact's source is one of the documented values
const badSource: Fact['source'] = 'elsewhere';
type Refused = paths['/api/knowledge/facts']['post']['responses'][400]['content']['application/json'];
const refused: Refused = { message: 'Key is required', code: 'validation_failed' };
type Upload = paths['/api/remotes/deploy/{remote}/releases']['post'];
const upload: NonNullable<Upload['requestBody']>['content']['multipart/form-data'] = {
  version: '1.4.0',
  'static/js/app.1234.js': 'the file',
};
// @ts-expect-error the upload names its version
const unnamed: NonNullable<Upload['requestBody']>['content']['multipart/form-data'] = { 'a.js': 'x' };
type Activate = paths['/api/remotes/deploy/{remote}/activate']['post'];
const canary: NonNullable<Activate['requestBody']>['content']['application/json'] = { version: '1.4.0', percent: 10 };
const remote: Activate['parameters']['path']['remote'] = 'lab';
export const used = [fact, badSource, refused, upload, unnamed, canary, remote];
`;
    // openapi-typescript writes a recursive array as `components["schemas"]["JsonValue"][]`, which
    // TypeScript cannot resolve inside its own declaration (openapi-ts/openapi-typescript#1603): the
    // value then reads as `any`. Everything else must compile.
    expect(typeErrors(`${types}\n${usage}`)).toEqual([
      "'JsonValue' is referenced directly or indirectly in its own type annotation.",
    ]);
  });
});
