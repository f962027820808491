import { useLiveEvents } from '@annie/api-client/live/use-live-events';
import { LAB_JOB_EVENT, labJobEventSchema } from '@annie/contracts/lab';
import { labJobEvents } from '@annie/contracts/lab-routes';
import { routeUrl } from '@annie/contracts/route';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { labJobsQueryKey } from './use-lab-jobs.ts';

/** The server-sent event stream of the tenant's lab job changes. */
export const LAB_JOB_EVENTS_URL = routeUrl(labJobEvents);

const LAB_JOB_EVENTS = { [LAB_JOB_EVENT]: labJobEventSchema };

// A job usually changes state several times in quick succession; one refresh covers a burst.
const COALESCE_MS = 50;

/**
 * Keeps the lab queries current without polling: listens to the server's job events and invalidates
 * the lab queries on each (bursts coalesced), and after a reconnect, when events may have been missed.
 */
export function useLabJobEvents(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refresh = useCallback(() => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: labJobsQueryKey });
    }, COALESCE_MS);
  }, [queryClient]);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents(LAB_JOB_EVENTS_URL, refresh, { events: LAB_JOB_EVENTS, onResync: refresh });
}
