import { Callout, Checkbox, Flex, Switch, Text } from '@radix-ui/themes';
import type { EditorTabProps } from './editor-tab-props.ts';

const CHECKBOXES = [
  ['medicalDentalVet', 'Medical/Dental/Veterinary'],
  ['legal', 'Legal'],
  ['propertyManagement', 'Property Management'],
] as const;

/** Guardrails: three domain checkboxes, the Sensitive Disclaimers switch, and the admin note. */
export function GuardrailsTab({ form, change }: EditorTabProps) {
  const guardrails = (patch: Partial<EditorTabProps['form']['guardrails']>) =>
    change({ guardrails: { ...form.guardrails, ...patch } });
  return (
    <Flex direction="column" gap="4">
      {CHECKBOXES.map(([name, label]) => (
        <Text as="label" size="2" key={name}>
          <Flex gap="2" align="center">
            <Checkbox
              checked={form.guardrails[name]}
              onCheckedChange={(checked) => guardrails({ [name]: checked === true })}
            />
            {label}
          </Flex>
        </Text>
      ))}
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <Switch
            checked={form.guardrails.sensitiveDisclaimers}
            onCheckedChange={(sensitiveDisclaimers) => guardrails({ sensitiveDisclaimers })}
          />
          Sensitive Disclaimers
        </Flex>
      </Text>
      <Callout.Root color="gray">
        <Callout.Text>
          Admin-only policy inserts are added to the instructions for each guardrail you enable.
        </Callout.Text>
      </Callout.Root>
    </Flex>
  );
}
