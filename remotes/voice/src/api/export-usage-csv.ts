import { apiRequest } from '@annie/api-client/http';
import { routeUrl } from '@annie/contracts/route';
import type { UsageQuery } from '@annie/contracts/usage';
import { exportUsageCsv as exportRoute } from '@annie/contracts/usage-routes';
import { useMutation } from '@tanstack/react-query';

export type UsageCsvFile = { filename: string; blob: Blob };

/** The same report as a CSV file, named by the server. */
export async function exportUsageCsv(query: UsageQuery): Promise<UsageCsvFile> {
  const response = await apiRequest('GET', routeUrl(exportRoute, { query }));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'usage.csv';
  return { filename, blob: await response.blob() };
}

/** Fetches the CSV; the caller saves the file. */
export function useExportUsageCsv() {
  return useMutation({ mutationFn: exportUsageCsv });
}
