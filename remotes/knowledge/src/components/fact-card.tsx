import type { Fact } from '@annie/contracts/knowledge';
import { formatDateTime } from '@annie/ui/format';
import { CheckIcon, CounterClockwiseClockIcon, Pencil1Icon } from '@radix-ui/react-icons';
import { Badge, Box, Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { memo } from 'react';
import { humanLabel } from '../lib/fact-label.ts';
import { CARD_STYLE } from './card-styles.ts';
import { FactValue } from './fact-value.tsx';
import { ShareableBadge } from './shareable-field.tsx';

type Props = {
  fact: Fact;
  canApprove: boolean;
  approving: boolean;
  onEdit: (fact: Fact) => void;
  onShowHistory: (fact: Fact) => void;
  onApprove: (fact: Fact) => void;
};

/**
 * A fact: its key in words, its value as typed (text, number with unit, date, list, fields), a Needs
 * review chip until approved (with an Approve button for admins), version and times, and its actions.
 */
export const FactCard = memo(function FactCard({
  fact,
  canApprove,
  approving,
  onEdit,
  onShowHistory,
  onApprove,
}: Props) {
  const label = humanLabel(fact.key);
  const structured = fact.value !== null && typeof fact.value === 'object';
  return (
    <Card asChild style={CARD_STYLE}>
      <article aria-label={label}>
        <Flex justify="between" align="start" gap="2">
          <Heading as="h3" size="3" style={{ wordBreak: 'break-word' }}>
            {label}
          </Heading>
          <Flex gap="3" align="center" flexShrink="0">
            <IconButton
              size="1"
              variant="ghost"
              color="gray"
              aria-label={`Version history of ${label}`}
              onClick={() => onShowHistory(fact)}
            >
              <CounterClockwiseClockIcon />
            </IconButton>
            <IconButton size="1" variant="ghost" aria-label={`Edit ${label}`} onClick={() => onEdit(fact)}>
              <Pencil1Icon />
            </IconButton>
          </Flex>
        </Flex>
        <Box my="2">
          <FactValue value={fact.value} unit={structured ? null : fact.unit} />
        </Box>
        <Flex gap="2" align="center" wrap="wrap">
          {!fact.approvedAt && (
            <Badge color="amber" variant="soft">
              Needs review
            </Badge>
          )}
          {structured && fact.unit && (
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
        {canApprove && !fact.approvedAt && (
          // A full button under the facts it vouches for, in the accent colour: a small green soft
          // button beside the title read as a status pill.
          <Flex mt="3">
            <Button size="2" variant="outline" loading={approving} onClick={() => onApprove(fact)}>
              <CheckIcon /> Approve {label}
            </Button>
          </Flex>
        )}
      </article>
    </Card>
  );
});
