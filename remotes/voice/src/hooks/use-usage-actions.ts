import type { UsageQuery, UsageSettings } from '@annie/contracts/usage';
import { saveFile } from '@annie/ui/save-file/save-file';
import { useToast } from '@annie/ui/toast/toast';
import { toastError } from '@annie/ui/toast/toast-error';
import { useExportUsageCsv } from '../api/export-usage-csv.ts';
import { useSaveUsageSettings } from '../api/use-usage-settings.ts';

/** The Usage screen's actions with their notices: save the settings, download the report as CSV. */
export function useUsageActions() {
  const { toast } = useToast();
  const save = useSaveUsageSettings();
  const exportCsv = useExportUsageCsv();
  return {
    saving: save.isPending,
    exporting: exportCsv.isPending,
    saveSettings(settings: UsageSettings) {
      save.mutate(settings, {
        onSuccess: () => toast({ title: 'Usage settings saved', variant: 'success' }),
        onError: (error) => toastError('Failed to save usage settings', error, 'Unable to save the settings'),
      });
    },
    downloadCsv(query: UsageQuery) {
      exportCsv.mutate(query, {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename),
        onError: (error) => toastError('Failed to export usage', error, 'Unable to export the usage report'),
      });
    },
  };
}
