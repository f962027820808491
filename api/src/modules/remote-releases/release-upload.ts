import type { IncomingMessage } from 'node:http';
import { releaseVersionSchema } from '@annie/contracts/remote-releases';
import { badRequest, HttpError } from '../../lib/http-errors.ts';
import type { UploadedFile } from './release.service.ts';
import { fileProblem, isSourceMap } from './release-file-types.ts';

export type UploadLimits = { maxBytes: number; maxFiles: number };

const tooLarge = (message: string) => new HttpError(413, 'upload_too_large', message);

/** The request body, refused (413) as soon as it passes `maxBytes`. */
async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes)
    throw tooLarge(`The upload is ${declared} bytes; at most ${maxBytes} are accepted`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      request.destroy();
      throw tooLarge(`The upload passes ${maxBytes} bytes, the most accepted`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A build sent as `multipart/form-data`: a `version` field and one file part per file of `dist`, the
 * part's field name being the file's path inside it. Parsed by the platform's own parser (undici's
 * `Request.formData()`, as Node's fetch ships it) once the whole body is in: a body cut off half way
 * fails to parse, and nothing is published. Source maps are accepted and left out (never public).
 */
export async function readUpload(
  request: IncomingMessage,
  limits: UploadLimits,
): Promise<{ version: string; files: UploadedFile[] }> {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType))
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the build as multipart/form-data: a version field and one file part per file, named by its path',
    );
  const body = await readBody(request, limits.maxBytes);
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    throw badRequest('The upload is not complete multipart/form-data (cut off?): nothing was published');
  }
  const version = releaseVersionSchema.safeParse(form.get('version'));
  if (!version.success)
    throw badRequest(`The version field: ${version.error.issues[0]?.message ?? 'missing'}`);
  const parts = [...form.entries()].filter((entry): entry is [string, File] => typeof entry[1] !== 'string');
  if (parts.length === 0) throw badRequest('The upload holds no files');
  if (parts.length > limits.maxFiles)
    throw tooLarge(`The upload holds ${parts.length} files; at most ${limits.maxFiles} are accepted`);
  const files: UploadedFile[] = [];
  const seen = new Set<string>();
  for (const [path, file] of parts) {
    const problem = fileProblem(path);
    if (problem) throw badRequest(problem);
    if (seen.has(path)) throw badRequest(`The file ${path} is sent twice`);
    seen.add(path);
    if (isSourceMap(path)) continue;
    files.push({ path, content: Buffer.from(await file.arrayBuffer()) });
  }
  return { version: version.data, files };
}
