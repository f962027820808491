import { Badge } from '@radix-ui/themes';

export type StatusTone = 'gray' | 'yellow' | 'green' | 'red' | 'blue';

export interface StatusBadgeProps {
  label: string;
  tone: StatusTone;
}

/** A short status word (e.g. a lab job's state) coloured by its tone. */
export function StatusBadge({ label, tone }: StatusBadgeProps) {
  return (
    <Badge color={tone} variant="soft" radius="full">
      {label}
    </Badge>
  );
}
