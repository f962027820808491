import { Box, Code, Text } from '@radix-ui/themes';

/** A failure's technical cause, folded away under "Technical details" for whoever reports the problem. */
export function TechnicalDetails({ children }: { children: string }) {
  return (
    <Box asChild maxWidth="100%">
      <details>
        <Text asChild size="1" color="gray">
          <summary>Technical details</summary>
        </Text>
        <Code
          size="1"
          color="gray"
          variant="ghost"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        >
          {children}
        </Code>
      </details>
    </Box>
  );
}
