import { Navigate, Route, Routes } from 'react-router-dom';
import { useLabJobEvents } from '../api/use-lab-job-events.ts';
import { LAB_PATHS } from '../lib/lab-paths.ts';
import { LabConsolePage } from './lab-console-page.tsx';
import { LabJobPage } from './lab-job-page.tsx';
import { NewLabJobPage } from './new-lab-job-page.tsx';

/**
 * Everything under /lab: the console (/lab/console, where /lab leads), a job's detail and the new-job
 * form. Job status changes stream in from the server for all of them.
 */
export default function LabPage() {
  useLabJobEvents();
  return (
    <Routes>
      <Route path="console" element={<LabConsolePage />} />
      <Route path="jobs/new" element={<NewLabJobPage />} />
      <Route path="jobs/:id" element={<LabJobPage />} />
      <Route path="*" element={<Navigate to={LAB_PATHS.console} replace />} />
    </Routes>
  );
}
