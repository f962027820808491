import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import {
  contactRelationshipSchema,
  preferredChannelSchema,
  smsPreferenceSchema,
} from '@annie/contracts/contacts';
import { FormField } from '@annie/ui/form-field/form-field';
import { Checkbox, Flex, Grid, Select, Text, TextArea, TextField } from '@radix-ui/themes';
import type { ContactFormErrors, ContactFormValues } from '../lib/contact-form.ts';
import { relationshipLabel } from '../lib/relationship-color.ts';
import { SMS_PREFERENCE_LABEL } from '../lib/sms-preference.ts';

type Props = {
  values: ContactFormValues;
  errors: ContactFormErrors;
  onChange: (changes: Partial<ContactFormValues>) => void;
  /** The Favorite box; off on the contact page, whose star is the one Favorite control. */
  showFavorite?: boolean;
};

const CHANNEL_LABEL = { sms: 'SMS', call: 'Call', email: 'Email' } as const;

/**
 * The contact's fields, shared by the Add Contact dialog and the contact page. No photo URL: a picture
 * comes with the contact (e.g. from Google), it is not typed in.
 */
export function ContactFields({ values, errors, onChange, showFavorite = true }: Props) {
  const assistantName = useAssistantName();
  const text = (field: keyof ContactFormValues, label: string, type: 'text' | 'tel' | 'email' = 'text') => (
    <FormField label={label} error={errors[field]}>
      {(control) => (
        <TextField.Root
          {...control}
          type={type}
          value={values[field] as string}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <Flex direction="column" gap="3">
      {text('name', 'Name *')}
      <Grid columns={{ initial: '1', sm: '2' }} gap="3">
        {text('nickname', 'Nickname')}
        <FormField label="Relationship" error={errors.relationship}>
          {(control) => (
            <Select.Root
              value={values.relationship}
              onValueChange={(value) => onChange({ relationship: contactRelationshipSchema.parse(value) })}
            >
              <Select.Trigger {...control} />
              <Select.Content>
                {contactRelationshipSchema.options.map((option) => (
                  <Select.Item key={option} value={option}>
                    {relationshipLabel(option)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </FormField>
        {text('phonePrimary', 'Phone', 'tel')}
        {text('email', 'Email', 'email')}
        <FormField label="Preferred channel" error={errors.preferredChannel}>
          {(control) => (
            <Select.Root
              value={values.preferredChannel}
              onValueChange={(value) => onChange({ preferredChannel: preferredChannelSchema.parse(value) })}
            >
              <Select.Trigger {...control} />
              <Select.Content>
                {preferredChannelSchema.options.map((option) => (
                  <Select.Item key={option} value={option}>
                    {CHANNEL_LABEL[option]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </FormField>
        <FormField label="SMS preference" error={errors.smsPreference}>
          {(control) => (
            <Select.Root
              value={values.smsPreference}
              onValueChange={(value) => onChange({ smsPreference: smsPreferenceSchema.parse(value) })}
            >
              <Select.Trigger {...control} />
              <Select.Content>
                {smsPreferenceSchema.options.map((option) => (
                  <Select.Item key={option} value={option}>
                    {SMS_PREFERENCE_LABEL[option]}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          )}
        </FormField>
      </Grid>
      <FormField
        label="Notes"
        hint={`${assistantName} uses these when drafting replies`}
        error={errors.notes}
      >
        {(control) => (
          <TextArea
            {...control}
            value={values.notes}
            onChange={(event) => onChange({ notes: event.target.value })}
          />
        )}
      </FormField>
      {showFavorite && (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Checkbox
              checked={values.isFavorite}
              onCheckedChange={(checked) => onChange({ isFavorite: checked === true })}
            />
            Favorite
          </Flex>
        </Text>
      )}
    </Flex>
  );
}
