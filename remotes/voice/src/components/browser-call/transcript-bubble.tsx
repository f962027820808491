import { formatTime } from '@annie/ui/format';
import { Box, Flex, Text } from '@radix-ui/themes';
import { memo, type ReactNode } from 'react';
import type { TranscriptEntry } from '../../lib/browser-call/state.ts';

/** Three pulsing dots: someone is talking (typing) or the assistant is working (thinking). */
export function ActivityDots({ label }: { label: string }) {
  return (
    <span className="annie-voice-dots" role="img" aria-label={label}>
      <span />
      <span />
      <span />
    </span>
  );
}

/** A message balloon on the speaker's side: the user right, the assistant left. */
export function Balloon({ speaker, children }: { speaker: TranscriptEntry['role']; children: ReactNode }) {
  const isUser = speaker === 'user';
  return (
    <Flex justify={isUser ? 'end' : 'start'}>
      <Box
        data-speaker={speaker}
        px="3"
        py="2"
        maxWidth="80%"
        style={{
          borderRadius: 'var(--radius-4)',
          background: isUser ? 'var(--accent-9)' : 'var(--gray-a3)',
          color: isUser ? 'var(--accent-contrast)' : undefined,
        }}
      >
        {children}
      </Box>
    </Flex>
  );
}

/**
 * One transcript entry (re-rendered only when it changes: a long call's earlier lines stay put while
 * the newest one grows word by word). Final: its text and time (h:mm a). The caller's words still being
 * transcribed: in italics (dots until the first word). The assistant's reply as it arrives: a blinking cursor.
 */
export const TranscriptBubble = memo(function TranscriptBubble({ entry }: { entry: TranscriptEntry }) {
  const isUser = entry.role === 'user';
  if (entry.isPartial && isUser && !entry.content)
    return (
      <Balloon speaker="user">
        <ActivityDots label="Transcribing" />
      </Balloon>
    );
  return (
    <Balloon speaker={entry.role}>
      <Text as="p" size="2" style={{ fontStyle: entry.isPartial && isUser ? 'italic' : undefined }}>
        {entry.content}
        {entry.isPartial && !isUser && (
          <span className="annie-voice-cursor" aria-hidden data-testid="typing-cursor">
            ▍
          </span>
        )}
      </Text>
      {entry.isFinal && (
        // Not faded: on the caller's accent-coloured bubble a translucent time failed WCAG AA contrast.
        // The assistant's is the theme's low-contrast text colour, which keeps AA on its grey bubble.
        <Text
          as="p"
          size="1"
          color={isUser ? undefined : 'gray'}
          style={{ textAlign: isUser ? 'right' : 'left' }}
        >
          {formatTime(entry.timestamp)}
        </Text>
      )}
    </Balloon>
  );
});
