import { Callout, Link } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router-dom';

/** Where a call's entry in Call Logs is: the list, scrolled to the call (`#call-{id}`). */
export function callLogHref(callId: string): string {
  return `/call-logs#call-${callId}`;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/**
 * After a call: one summary line (how long, how many lines, how many tools) and a link to its entry in
 * Call Logs (the list when the call's id is not known).
 */
export function CallEndedSummary({
  callId,
  seconds,
  lines,
  tools = 0,
}: {
  callId: string | null;
  seconds: number;
  lines: number;
  tools?: number;
}) {
  const duration = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const parts = [`Call ended after ${duration}`, plural(lines, 'line')];
  if (tools > 0) parts.push(plural(tools, 'tool'));
  return (
    <Callout.Root color="gray" variant="surface" size="1">
      <Callout.Text>
        {parts.join(' · ')} ·{' '}
        <Link asChild>
          <RouterLink to={callId ? callLogHref(callId) : '/call-logs'}>See it in Call Logs</RouterLink>
        </Link>
      </Callout.Text>
    </Callout.Root>
  );
}
