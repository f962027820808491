import { formatRelativeTime } from '@annie/ui/format';
import { Button, Card, Checkbox, Flex, Text, Link as ThemeLink } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApprovalItem } from '../lib/approval-items.ts';

type Props = {
  items: ApprovalItem[];
  approving: boolean;
  onApprove: (items: ApprovalItem[]) => void;
  onReject: (items: ApprovalItem[]) => void;
};

/**
 * "Needs your approval": the assistant's drafts and callers' requests in one list, the longest-waiting
 * first. Each can be approved or rejected; ticked ones, all at once.
 */
export function ApprovalsQueue({ items, approving, onApprove, onReject }: Props) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const selected = items.filter((item) => picked.has(item.key));
  const allPicked = items.length > 0 && selected.length === items.length;
  const toggle = (key: string, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const decide = (decision: (items: ApprovalItem[]) => void, chosen: ApprovalItem[]) => {
    decision(chosen);
    setPicked(new Set());
  };

  return (
    <Flex direction="column" gap="3">
      <Flex align="center" gap="3" wrap="wrap">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={allPicked ? true : selected.length > 0 ? 'indeterminate' : false}
              onCheckedChange={(checked) =>
                setPicked(new Set(checked === true ? items.map((item) => item.key) : []))
              }
            />
            Select all
          </Flex>
        </Text>
        <Flex gap="2" ml="auto">
          <Button
            variant="soft"
            color="gray"
            disabled={selected.length === 0}
            onClick={() => decide(onReject, selected)}
          >
            Reject selected ({selected.length})
          </Button>
          <Button
            disabled={selected.length === 0}
            loading={approving}
            onClick={() => decide(onApprove, selected)}
          >
            Approve selected ({selected.length})
          </Button>
        </Flex>
      </Flex>
      <Flex asChild direction="column" gap="2" p="0" m="0">
        <ul aria-label="Waiting for approval">
          {items.map((item) => (
            <li key={item.key} style={{ listStyle: 'none' }}>
              <Card>
                <Flex gap="3" align="start">
                  <Checkbox
                    mt="1"
                    aria-label={`Select: ${item.title}`}
                    checked={picked.has(item.key)}
                    onCheckedChange={(checked) => toggle(item.key, checked === true)}
                  />
                  <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
                    <Flex justify="between" gap="2" wrap="wrap">
                      <Text weight="bold">{item.title}</Text>
                      <Text size="1" color="gray">
                        {item.kind === 'draft' ? 'SMS draft' : 'Caller request'} ·{' '}
                        {formatRelativeTime(item.createdAt)}
                      </Text>
                    </Flex>
                    <Text as="p" size="2" style={{ whiteSpace: 'pre-wrap' }}>
                      {item.text}
                    </Text>
                    {item.warning && (
                      <Text as="p" size="1" color="red">
                        {item.warning} Open it to send anyway.
                      </Text>
                    )}
                    <Flex gap="2" mt="1" align="center" wrap="wrap">
                      <ThemeLink asChild size="2">
                        <Link to={item.href}>
                          {item.kind === 'draft' ? 'Open thread' : 'Open in Call Logs'}
                        </Link>
                      </ThemeLink>
                      <Flex gap="2" ml="auto">
                        <Button size="1" variant="soft" color="gray" onClick={() => decide(onReject, [item])}>
                          Reject
                        </Button>
                        <Button size="1" disabled={approving} onClick={() => decide(onApprove, [item])}>
                          Approve
                        </Button>
                      </Flex>
                    </Flex>
                  </Flex>
                </Flex>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    </Flex>
  );
}
