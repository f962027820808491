import type { UsageSettings, UsageSettingsAnswer } from '@annie/contracts/usage';
import { FormField } from '@annie/ui/form-field/form-field';
import { Button, Flex, Switch, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, type Ref, useState } from 'react';

type Props = {
  settings: UsageSettingsAnswer;
  saving: boolean;
  onSave: (settings: UsageSettings) => void;
  /** The Monthly budget box, which "Change budget" focuses. */
  budgetRef?: Ref<HTMLInputElement>;
};

/** Currency, its rate from US dollars, the monthly budget and the hard stop; the dated default prices are named. */
export function UsageSettingsForm({ settings, saving, onSave, budgetRef }: Props) {
  const [currency, setCurrency] = useState(settings.currency);
  const [usdRate, setUsdRate] = useState(String(settings.usdRate));
  const [budget, setBudget] = useState(settings.monthlyBudget === null ? '' : String(settings.monthlyBudget));
  const [hardStop, setHardStop] = useState(settings.hardStop);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      currency: currency.trim().toUpperCase(),
      usdRate: Number(usdRate),
      monthlyBudget: budget.trim() === '' ? null : Number(budget),
      hardStop,
      prices: settings.prices,
    });
  };
  return (
    <form onSubmit={submit} aria-label="Usage settings">
      <Flex gap="3" align="end" wrap="wrap">
        <FormField label="Currency">
          {(control) => (
            <TextField.Root
              {...control}
              value={currency}
              onChange={(event) => setCurrency(event.target.value)}
              size="1"
            />
          )}
        </FormField>
        <FormField label="Per US dollar">
          {(control) => (
            <TextField.Root
              {...control}
              value={usdRate}
              onChange={(event) => setUsdRate(event.target.value)}
              size="1"
            />
          )}
        </FormField>
        <FormField label="Monthly budget">
          {(control) => (
            <TextField.Root
              {...control}
              ref={budgetRef}
              value={budget}
              onChange={(event) => setBudget(event.target.value)}
              size="1"
            />
          )}
        </FormField>
        <Text as="label" size="1">
          <Flex gap="2" align="center">
            <Switch checked={hardStop} onCheckedChange={setHardStop} size="1" />
            Refuse new calls and drafts once it is spent
          </Flex>
        </Text>
        <Button type="submit" size="1" loading={saving}>
          Save
        </Button>
      </Flex>
      <Text as="p" size="1" color="gray" mt="2">
        Costs are estimates from OpenAI's prices of {settings.defaults.pricedOn} and Twilio's reported prices.
      </Text>
    </form>
  );
}
