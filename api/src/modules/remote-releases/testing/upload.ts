import type { UploadedFile } from '../release.service.ts';

/** Sends a build as a team's CI does: multipart, the version then one part per file, with the token. */
export async function upload(
  baseUrl: string,
  token: string,
  remote: string,
  version: string,
  files: UploadedFile[],
): Promise<{ status: number; body: { message?: string } }> {
  const form = new FormData();
  form.append('version', version);
  for (const file of files) form.append(file.path, new Blob([new Uint8Array(file.content)]), 'file');
  const response = await fetch(`${baseUrl}/api/remotes/deploy/${remote}/releases`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/** A deploy call with a JSON body (activate) or none (promote, rollback). */
export async function deploy(
  baseUrl: string,
  token: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: { message?: string } }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}
