import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../http.ts';

export type LabJobExportFile = { filename: string; blob: Blob };

/** GET /api/lab/jobs/:id/export: a succeeded job as a JSON file, named by the server. */
export async function exportLabJob(id: string): Promise<LabJobExportFile> {
  const response = await apiRequest('GET', `/api/lab/jobs/${encodeURIComponent(id)}/export`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `lab-job-${id}.json`;
  return { filename, blob: await response.blob() };
}

/** Fetches a job's export; the caller saves the file. */
export function useExportLabJob() {
  return useMutation({ mutationFn: exportLabJob });
}
