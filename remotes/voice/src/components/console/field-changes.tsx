import { Flex, Text } from '@radix-ui/themes';
import type { FieldChange } from '../../lib/profile-diff.ts';

/** Changes as a short list: the field's name, then old → new. */
export function FieldChanges({ changes, label }: { changes: FieldChange[]; label: string }) {
  if (changes.length === 0)
    return (
      <Text size="1" color="gray">
        No setting changed.
      </Text>
    );
  return (
    <Flex asChild direction="column" gap="1" m="0" p="0">
      <ul aria-label={label} style={{ listStyle: 'none' }}>
        {changes.map((change) => (
          <li key={change.path}>
            <Text size="1">
              <Text weight="medium">{change.field}</Text>: <Text color="gray">{change.from}</Text> →{' '}
              {change.to}
            </Text>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
