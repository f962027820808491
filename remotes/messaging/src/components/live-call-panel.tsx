import type { PhoneCallDto } from '@annie/contracts/phone-calls';
import { Badge, Box, Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { type CallStage, callStageOf, callStatusLabel } from '../lib/call-status.ts';
import { type CallTarget, whom } from '../lib/call-target.ts';

type Props = {
  target: CallTarget;
  assistantName: string;
  /** The call as last read; undefined until its first read. */
  call: PhoneCallDto | undefined;
  ending: boolean;
  /** Why End failed, shown in the panel. */
  endError?: string;
  onEnd: () => void;
  onClose: () => void;
};

const STAGE_COLOR: Record<CallStage, 'gray' | 'amber' | 'green'> = {
  dialling: 'amber',
  ringing: 'amber',
  'in-progress': 'green',
  ended: 'gray',
};

/**
 * The call as it happens: its status (dialling → ringing → in progress → ended) and its transcript,
 * each line under the name of who said it, with End until it is over. Closing the panel leaves a live
 * call running (it stays in Call History).
 */
export function LiveCallPanel({ target, assistantName, call, ending, endError, onEnd, onClose }: Props) {
  const stage = call ? callStageOf(call) : 'dialling';
  const label = call ? callStatusLabel(call) : 'Dialling…';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="560px">
        <Flex justify="between" align="start" gap="3">
          <Box>
            <Dialog.Title mb="1">Call with {target.name}</Dialog.Title>
            <Dialog.Description size="2" color="gray">
              {assistantName} is calling {whom(target)} for you
            </Dialog.Description>
          </Box>
          <Badge size="2" color={STAGE_COLOR[stage]} highContrast role="status" aria-live="polite">
            {label}
          </Badge>
        </Flex>
        {call?.purpose && (
          <Text as="p" size="2" mt="3">
            <Text weight="bold">Purpose:</Text> {call.purpose}
          </Text>
        )}
        <Box mt="3" style={{ maxHeight: '40vh', overflowY: 'auto' }}>
          {call && call.transcript.length > 0 ? (
            <Flex asChild direction="column" gap="2" p="0" m="0">
              <ol aria-label="Transcript" style={{ listStyle: 'none' }}>
                {call.transcript.map((line, index) => (
                  // Lines are only ever appended: the index is a stable key.
                  <li key={index}>
                    <Text size="2">
                      <Text weight="bold">{line.role === 'user' ? target.name : assistantName}:</Text>{' '}
                      {line.content}
                    </Text>
                  </li>
                ))}
              </ol>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              {stage === 'ended'
                ? 'Nothing was said on this call.'
                : 'The transcript appears here as they speak.'}
            </Text>
          )}
        </Box>
        {endError && (
          <Text as="p" role="alert" size="2" color="red" mt="3">
            {endError}
          </Text>
        )}
        <Flex gap="3" justify="end" mt="4">
          <Button variant="soft" color="gray" onClick={onClose}>
            Close
          </Button>
          {stage !== 'ended' && (
            <Button color="red" highContrast loading={ending} disabled={!call} onClick={onEnd}>
              End call
            </Button>
          )}
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
