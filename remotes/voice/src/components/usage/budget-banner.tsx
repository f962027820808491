import type { BudgetStatus } from '@annie/contracts/usage';
import { formatMoney } from '@annie/ui/format';
import { Button, Callout, Flex } from '@radix-ui/themes';

type Props = { status: BudgetStatus; onChangeBudget?: () => void };

/** The words of the budget banner: how much of the month's budget is spent, and what happens next. */
export function budgetBannerText(status: BudgetStatus): string {
  const spent = formatMoney(status.spent, status.currency);
  const budget = formatMoney(status.budget ?? 0, status.currency);
  const share = Math.floor((status.ratio ?? 0) * 100);
  if (status.stopped)
    return `This month's budget is spent (${spent} of ${budget}): new calls and drafts are refused until it is raised or the hard stop is turned off.`;
  return `${share} % of this month's budget is spent (${spent} of ${budget}).`;
}

/**
 * Shown to admins once the month's spend reaches 80 % of the budget; red once the hard stop refuses
 * calls. "Change budget" leads to the budget field.
 */
export function BudgetBanner({ status, onChangeBudget }: Props) {
  if (!status.warning) return null;
  return (
    <Callout.Root color={status.stopped ? 'red' : 'amber'} role="status" aria-label="Usage budget">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Callout.Text>{budgetBannerText(status)}</Callout.Text>
        {onChangeBudget && (
          <Button size="1" variant="soft" color={status.stopped ? 'red' : 'amber'} onClick={onChangeBudget}>
            Change budget
          </Button>
        )}
      </Flex>
    </Callout.Root>
  );
}
