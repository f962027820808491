import { formatCallDuration } from '@annie/ui/format';
import { Text } from '@radix-ui/themes';
import { useEffect, useState } from 'react';

/** The call's running time, m:ss since `startedAt`, redrawn each second (only this text). */
export function CallTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text
      size="2"
      color="gray"
      role="timer"
      aria-label="Call duration"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatCallDuration(startedAt, Math.max(now, startedAt))}
    </Text>
  );
}
