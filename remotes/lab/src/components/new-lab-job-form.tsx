import { type CreateLabJobRequest, LAB_JOB_TYPES, type LabJobType } from '@annie/contracts/lab';
import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { titleCase } from '@annie/ui/format';
import { Button, Card, Flex, RadioCards, Text } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import {
  EMPTY_LAB_JOB_FORM,
  type LabJobFormErrors,
  type LabJobFormValues,
  sampleLabJobForm,
  toCreateLabJobRequest,
} from '../lib/lab-job-form.ts';
import { LabJobFields } from './lab-job-fields.tsx';

type Props = {
  /** The job type the form opens on. */
  initialType?: LabJobType;
  onSubmit: (request: CreateLabJobRequest) => void;
  onCancel: () => void;
  pending: boolean;
};

/**
 * Queues any of the four job types with real inputs, validated with the API's own contract before
 * sending, and only once the user has confirmed the provider's charge.
 */
export function NewLabJobForm({ initialType = 'formulate', onSubmit, onCancel, pending }: Props) {
  const [values, setValues] = useState<LabJobFormValues>({ ...EMPTY_LAB_JOB_FORM, type: initialType });
  const [errors, setErrors] = useState<LabJobFormErrors>({});
  const [confirming, setConfirming] = useState<CreateLabJobRequest | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = toCreateLabJobRequest(values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setConfirming(result.request);
  };

  return (
    <Card size="3">
      <form onSubmit={submit} noValidate aria-label="New lab job">
        <Flex direction="column" gap="4">
          <Flex direction="column" gap="2">
            <Text size="2" weight="medium" id="lab-job-type-label">
              Job type
            </Text>
            <RadioCards.Root
              aria-labelledby="lab-job-type-label"
              columns={{ initial: '2', sm: '4' }}
              gap="2"
              size="1"
              value={values.type}
              onValueChange={(type) => {
                setValues((current) => ({ ...current, type: type as LabJobType }));
                setErrors({});
              }}
            >
              {LAB_JOB_TYPES.map((type) => (
                <RadioCards.Item key={type} value={type}>
                  <Text align="center">{titleCase(type)}</Text>
                </RadioCards.Item>
              ))}
            </RadioCards.Root>
          </Flex>
          <LabJobFields
            values={values}
            errors={errors}
            onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
          />
          <Flex gap="3" justify="end" wrap="wrap">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setValues(sampleLabJobForm(values.type));
                setErrors({});
              }}
            >
              Fill with sample
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Queue Job
            </Button>
          </Flex>
        </Flex>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Queue this ${titleCase(values.type)} job?`}
        description="The job runs on the chemistry provider, which charges your workspace for each job it runs. A job cannot be cancelled once queued."
        confirmLabel="Queue and pay"
        confirmColor="accent"
        pending={pending}
        onConfirm={() => confirming && onSubmit(confirming)}
      />
    </Card>
  );
}
