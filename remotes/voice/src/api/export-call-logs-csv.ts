import { apiRequest } from '@annie/api-client/http';
import type { CallLogQuery } from '@annie/contracts/call-logs';
import { exportCallLogsCsv as exportRoute } from '@annie/contracts/calls-routes';
import { routeUrl } from '@annie/contracts/route';
import { useMutation } from '@tanstack/react-query';

export type CallLogsCsvFile = { filename: string; blob: Blob };

/** Call Logs as filtered, as a CSV file named by the server. */
export async function exportCallLogsCsv(query: CallLogQuery): Promise<CallLogsCsvFile> {
  const response = await apiRequest('GET', routeUrl(exportRoute, { query }));
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'call-logs.csv';
  return { filename, blob: await response.blob() };
}

/** Fetches the CSV; the caller saves the file. */
export function useExportCallLogsCsv() {
  return useMutation({ mutationFn: exportCallLogsCsv });
}
