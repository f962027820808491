import type { CallLogQuery } from '@annie/contracts/call-logs';
import { saveFile } from '@annie/ui/save-file/save-file';
import { toastError } from '@annie/ui/toast/toast-error';
import { useExportCallLogsCsv } from '../api/export-call-logs-csv.ts';

/** Call Logs' CSV export with its notice: every call the filters select (not only the page shown). */
export function useCallLogsExport() {
  const exportCsv = useExportCallLogsCsv();
  return {
    pending: exportCsv.isPending,
    exportCsv(query: CallLogQuery) {
      const { limit: _limit, offset: _offset, ...filters } = query;
      exportCsv.mutate(filters, {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename),
        onError: (error) => toastError('Export failed', error, 'The call logs could not be exported'),
      });
    },
  };
}
