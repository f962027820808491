import { errorMessage } from '@annie/api-client/http';
import { useExportLabJob } from '@annie/api-client/lab/export-lab-job';
import { useToast } from '@annie/ui/toast/toast';
import { useCallback } from 'react';
import { saveFile } from '../lib/save-file.ts';

/** Downloads a succeeded job's export as `<type>-<date>.json`; a failure shows a notice. */
export function useExportLabJobFile() {
  const { toast } = useToast();
  const { mutate, isPending, variables } = useExportLabJob();
  const exportJob = useCallback(
    (id: string) => {
      mutate(id, {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename),
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessage(error, 'Failed to export job'),
            variant: 'destructive',
          }),
      });
    },
    [mutate, toast],
  );
  return { exportJob, exportingId: isPending ? variables : undefined };
}
