import type { CallFigures } from '@annie/contracts/usage';
import { formatMoney, formatMs } from '@annie/ui/format';
import { Text } from '@radix-ui/themes';

/** `duration` is left out for a call still on (the Voice Console's test call). */
type Props = { figures: CallFigures; duration?: string };

/** The parts of a call's figures line: duration, turns, median and worst response time, cost. */
export function callFiguresParts(figures: CallFigures, duration?: string): string[] {
  const turns = figures.latenciesMs.length;
  const parts = [...(duration ? [duration] : []), `${turns} ${turns === 1 ? 'turn' : 'turns'}`];
  if (figures.latency)
    parts.push(`median ${formatMs(figures.latency.p50)}`, `worst ${formatMs(figures.latency.max)}`);
  if (figures.cost) parts.push(formatMoney(figures.cost.amount, figures.cost.currency));
  return parts;
}

/** One small line under a call: how long, how many turns, how fast the assistant answered, what it cost. */
export function CallFiguresLine({ figures, duration }: Props) {
  return (
    <Text as="div" size="1" color="gray" aria-label="Call figures">
      {callFiguresParts(figures, duration).join(' · ')}
      {figures.source === 'client-reported' && ' (client-reported)'}
    </Text>
  );
}
