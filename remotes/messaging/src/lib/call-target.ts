import { formatPhone } from '@annie/ui/format';

/** Whom a call button would have the assistant phone: the number, and the name people know them by. */
export type CallTarget = { phone: string; name: string };

/** "Daniel Osei at (650) 555-0111", or just the number when it is all there is to name them by. */
export function whom(target: CallTarget): string {
  const number = formatPhone(target.phone);
  return target.name === number ? number : `${target.name} at ${number}`;
}
