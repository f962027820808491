import { apiRequest } from '@annie/api-client/http';
import { exportLabJob as exportLabJobRoute } from '@annie/contracts/lab-routes';
import { routeUrl } from '@annie/contracts/route';
import { useMutation } from '@tanstack/react-query';

export type LabJobExportFile = { filename: string; blob: Blob };

/** A succeeded job as a JSON file, named by the server (a file, not a parsed answer: read by hand). */
export async function exportLabJob(id: string): Promise<LabJobExportFile> {
  const response = await apiRequest('GET', routeUrl(exportLabJobRoute, { params: { id } }));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `lab-job-${id}.json`;
  return { filename, blob: await response.blob() };
}

/** Fetches a job's export; the caller saves the file. */
export function useExportLabJob() {
  return useMutation({ mutationFn: exportLabJob });
}
