import { Callout } from '@radix-ui/themes';

/** Said before Start when calls are paused (the budget's hard stop): which budget, who can lift it. */
export function CallsPausedNotice({ notice }: { notice: string }) {
  return (
    <Callout.Root color="amber">
      <Callout.Text>{notice}</Callout.Text>
    </Callout.Root>
  );
}
