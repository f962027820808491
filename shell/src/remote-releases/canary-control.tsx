import { Button, Flex, Slider, Text } from '@radix-ui/themes';
import { useState } from 'react';

type Props = {
  version: string;
  percent: number;
  pending: boolean;
  /** Serve the canary to a new share of users (1–99 %). */
  onShare: (percent: number) => void;
  /** The canary to everyone. */
  onPromote: () => void;
};

/** The canary's share of users on a slider, applied with Set share, and Promote to give it to everyone. */
export function CanaryControl({ version, percent, pending, onShare, onPromote }: Props) {
  const [share, setShare] = useState(percent);
  return (
    <Flex direction="column" gap="2" mt="3" role="group" aria-label={`Canary ${version}`}>
      <Text as="p" size="2">
        Canary {version}: served to <strong>{share}%</strong> of users
        {share !== percent && ` (now ${percent}%)`}
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        <Slider
          aria-label="Canary share of users, in percent"
          min={1}
          max={99}
          step={1}
          value={[share]}
          onValueChange={([value]) => value !== undefined && setShare(value)}
          style={{ flex: '1 1 12rem', maxWidth: '24rem' }}
        />
        <Button
          size="1"
          variant="soft"
          disabled={pending || share === percent}
          onClick={() => onShare(share)}
        >
          Set share
        </Button>
        <Button size="1" disabled={pending} onClick={onPromote}>
          Promote to everyone
        </Button>
      </Flex>
    </Flex>
  );
}
