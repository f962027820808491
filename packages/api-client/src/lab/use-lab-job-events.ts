import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LAB_JOB_EVENT } from '../contracts/lab.ts';
import { labJobsQueryKey } from './use-lab-jobs.ts';

/** The server-sent event stream of the tenant's lab job changes. */
export const LAB_JOB_EVENTS_URL = '/api/lab/jobs/events';

// A job usually changes state several times in quick succession; one refresh covers a burst.
const COALESCE_MS = 50;

/**
 * Keeps the lab queries current without polling: listens to the server's job events and invalidates
 * the lab queries on each (bursts coalesced), and after a reconnect, when events may have been missed.
 */
export function useLabJobEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(LAB_JOB_EVENTS_URL, { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const refresh = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: labJobsQueryKey });
      }, COALESCE_MS);
    };
    const onOpen = () => {
      if (opened) refresh();
      opened = true;
    };
    source.addEventListener(LAB_JOB_EVENT, refresh);
    source.addEventListener('resync', refresh);
    source.addEventListener('open', onOpen);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
