import { Checkbox, Flex, Text } from '@radix-ui/themes';

type Props = { checked: boolean; onChange: (shareable: boolean) => void };

/** The Shareable checkbox of the fact and note dialogs: off by default, so knowledge stays private. */
export function ShareableField({ checked, onChange }: Props) {
  return (
    <Text as="label" size="2">
      <Flex gap="2" align="start">
        <Checkbox checked={checked} onCheckedChange={(state) => onChange(state === true)} />
        <span>
          Shareable
          <Text as="span" size="1" color="gray" style={{ display: 'block' }}>
            Automatic text replies, sent without your review, may use this. Leave off for anything private.
          </Text>
        </span>
      </Flex>
    </Text>
  );
}

/** The badge a shareable fact or note carries on its card. */
export function ShareableBadge() {
  return (
    <Text size="1" color="blue" aria-label="Shareable">
      Shareable
    </Text>
  );
}
