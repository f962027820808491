import type { Fact } from '@annie/api-client/contracts/knowledge';
import { formatDateTime } from '@annie/ui/format';
import { CounterClockwiseClockIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { memo } from 'react';
import { CARD_STYLE, VALUE_STYLE } from './card-styles.ts';
import { ShareableBadge } from './shareable-field.tsx';

type Props = {
  fact: Fact;
  canApprove: boolean;
  approving: boolean;
  onEdit: (fact: Fact) => void;
  onShowHistory: (fact: Fact) => void;
  onApprove: (fact: Fact) => void;
};

/** A fact: key, value as JSON text, unit badge, version, created and approved times, and its actions. */
export const FactCard = memo(function FactCard({
  fact,
  canApprove,
  approving,
  onEdit,
  onShowHistory,
  onApprove,
}: Props) {
  return (
    <Card asChild style={CARD_STYLE}>
      <article aria-label={fact.key}>
        <Flex justify="between" align="start" gap="2">
          <Heading as="h3" size="3" style={{ wordBreak: 'break-word' }}>
            {fact.key}
          </Heading>
          <Flex gap="3" align="center" flexShrink="0">
            {canApprove && !fact.approvedAt && (
              <Button
                size="1"
                variant="soft"
                color="green"
                loading={approving}
                onClick={() => onApprove(fact)}
              >
                Approve
              </Button>
            )}
            <IconButton
              size="1"
              variant="ghost"
              color="gray"
              aria-label={`Version history of ${fact.key}`}
              onClick={() => onShowHistory(fact)}
            >
              <CounterClockwiseClockIcon />
            </IconButton>
            <IconButton size="1" variant="ghost" aria-label={`Edit ${fact.key}`} onClick={() => onEdit(fact)}>
              <Pencil1Icon />
            </IconButton>
          </Flex>
        </Flex>
        <Box asChild my="2">
          <pre style={VALUE_STYLE}>{JSON.stringify(fact.value, null, 2)}</pre>
        </Box>
        <Flex gap="2" align="center" wrap="wrap">
          {fact.unit && (
            <Badge variant="outline" color="gray">
              {fact.unit}
            </Badge>
          )}
          <Badge variant="soft">Version {fact.version}</Badge>
          {fact.shareable && <ShareableBadge />}
        </Flex>
        <Flex direction="column" mt="2">
          <Text size="1" color="gray">
            Created {formatDateTime(fact.createdAt)}
          </Text>
          {fact.approvedAt && (
            <Text size="1" color="green">
              Approved {formatDateTime(fact.approvedAt)}
            </Text>
          )}
        </Flex>
      </article>
    </Card>
  );
});
