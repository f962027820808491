import { Button, Flex, Text } from '@radix-ui/themes';

type Props = {
  page: number;
  pageSize: number;
  total: number;
  /** Calls that ended within a second, left out of the list; Show brings them in. */
  emptyHidden: number;
  onPage: (page: number) => void;
  onShowEmpty: () => void;
};

/** "1–20 of 57 calls", Previous and Next, and how many 0-second calls are folded away. */
export function CallLogPager({ page, pageSize, total, emptyHidden, onPage, onShowEmpty }: Props) {
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <Flex justify="between" align="center" gap="3" wrap="wrap">
      <Flex direction="column" gap="1">
        <Text size="2" aria-live="polite">
          {first}–{last} of {total} {total === 1 ? 'call' : 'calls'}
        </Text>
        {emptyHidden > 0 && (
          <Text size="1" color="gray">
            {emptyHidden} {emptyHidden === 1 ? 'call' : 'calls'} of 0 seconds hidden ·{' '}
            <Button variant="ghost" size="1" onClick={onShowEmpty}>
              Show them
            </Button>
          </Text>
        )}
      </Flex>
      <Flex gap="2">
        <Button variant="soft" color="gray" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="soft" color="gray" disabled={last >= total} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Flex>
    </Flex>
  );
}
