import { Button, Callout, Flex } from '@radix-ui/themes';

/**
 * Shown above a section whose remote the registry has moved to another version while this page runs the
 * old one: the page keeps one version of each remote, and Reload brings the new one.
 */
export function NewVersionNotice({ section, onReload }: { section: string; onReload: () => void }) {
  return (
    <Callout.Root color="blue" variant="surface" mb="3" role="status">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Callout.Text>A new version of {section} is available</Callout.Text>
        <Button size="1" onClick={onReload}>
          Reload
        </Button>
      </Flex>
    </Callout.Root>
  );
}
