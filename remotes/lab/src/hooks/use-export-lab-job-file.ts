import { saveFile } from '@annie/ui/save-file/save-file';
import { toastError } from '@annie/ui/toast/toast-error';
import { useCallback } from 'react';
import { useExportLabJob } from '../api/export-lab-job.ts';

/** Downloads a succeeded job's export as `<type>-<date>.json`; a failure shows a notice. */
export function useExportLabJobFile() {
  const { mutate, isPending, variables } = useExportLabJob();
  const exportJob = useCallback(
    (id: string) => {
      mutate(id, {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename),
        onError: (error) => toastError('Error', error, 'Failed to export job'),
      });
    },
    [mutate],
  );
  return { exportJob, exportingId: isPending ? variables : undefined };
}
