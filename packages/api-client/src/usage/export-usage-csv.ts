import { useMutation } from '@tanstack/react-query';
import type { UsageQuery } from '../contracts/usage.ts';
import { apiRequest } from '../http.ts';
import { usageSearch } from './use-usage-report.ts';

export type UsageCsvFile = { filename: string; blob: Blob };

/** GET /api/usage/export.csv: the same report as a CSV file, named by the server. */
export async function exportUsageCsv(query: UsageQuery): Promise<UsageCsvFile> {
  const response = await apiRequest('GET', `/api/usage/export.csv${usageSearch(query)}`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'usage.csv';
  return { filename, blob: await response.blob() };
}

/** Fetches the CSV; the caller saves the file. */
export function useExportUsageCsv() {
  return useMutation({ mutationFn: exportUsageCsv });
}
