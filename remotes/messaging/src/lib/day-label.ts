import type { DateInput } from '@annie/ui/format';

const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** The heading of a day of messages: "Today", "Yesterday", else "Monday, January 6" (local time). */
export function dayLabel(value: DateInput, now: Date = new Date()): string {
  const date = new Date(value);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return weekdayFormat.format(date);
}

/** Messages in order, cut into runs of the same local day. */
export function groupByDay<T extends { createdAt: string }>(messages: readonly T[], now: Date = new Date()) {
  const groups: { label: string; key: string; messages: T[] }[] = [];
  for (const message of messages) {
    const key = String(startOfDay(new Date(message.createdAt)));
    const last = groups.at(-1);
    if (last?.key === key) last.messages.push(message);
    else groups.push({ key, label: dayLabel(message.createdAt, now), messages: [message] });
  }
  return groups;
}
