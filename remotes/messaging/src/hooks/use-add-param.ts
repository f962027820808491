import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Where "Add to contacts" links from other screens (Call Logs) put the number: `/contacts?add=%2B14155552671`. */
export const ADD_PARAM = 'add';

/**
 * Hands over the number of an "Add to contacts" link once (a blank one is dropped unused), then takes the
 * parameter out of the address, replacing the history entry: a reload or Back does not open the form again.
 * Read with useLocation: useSearchParams is not in the shell's shared router surface.
 */
export function useAddParam(onNumber: (phone: string) => void) {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  const latest = useRef(onNumber);
  latest.current = onNumber;

  useEffect(() => {
    const params = new URLSearchParams(search);
    const phone = params.get(ADD_PARAM);
    if (phone === null) return;
    params.delete(ADD_PARAM);
    if (phone.trim()) latest.current(phone.trim());
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true, state });
  }, [pathname, search, hash, state, navigate]);
}
