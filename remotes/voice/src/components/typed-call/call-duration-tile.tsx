import { formatCallDuration } from '@annie/ui/format';
import { Card, Text } from '@radix-ui/themes';
import { useEffect, useId, useState } from 'react';

const TICK_MS = 1000;

/** The Duration tile while connected: m:ss since the call started, redrawn each second (only this tile). */
export function CallDurationTile({ startedAt }: { startedAt: number }) {
  const labelId = useId();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card size="1" style={{ minWidth: '8rem', textAlign: 'center' }}>
      <Text as="div" size="1" color="gray" id={labelId}>
        Duration
      </Text>
      <Text as="div" size="5" weight="bold" role="timer" aria-labelledby={labelId}>
        {formatCallDuration(startedAt, Math.max(now, startedAt))}
      </Text>
    </Card>
  );
}
