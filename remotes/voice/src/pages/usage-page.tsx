import type { UsageQuery } from '@annie/contracts/usage';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { DownloadIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBudgetStatus } from '../api/use-budget-status.ts';
import { useEngineComparison } from '../api/use-engine-comparison.ts';
import { useLatencyByDay } from '../api/use-latency-by-day.ts';
import { useUsageReport } from '../api/use-usage-report.ts';
import { useUsageSettings } from '../api/use-usage-settings.ts';
import { useVoiceProfiles } from '../api/use-voice-profiles.ts';
import { BudgetBanner } from '../components/usage/budget-banner.tsx';
import { EngineComparisonTable } from '../components/usage/engine-comparison-table.tsx';
import { EngineProfileSelect } from '../components/usage/engine-profile-select.tsx';
import { UsageCards } from '../components/usage/usage-cards.tsx';
import { UsageCharts } from '../components/usage/usage-charts.tsx';
import { UsageSettingsForm } from '../components/usage/usage-settings-form.tsx';
import { UsageTable } from '../components/usage/usage-table.tsx';
import { useUsageActions } from '../hooks/use-usage-actions.ts';
import { usagePerPeriod } from '../lib/usage-series.ts';

type UsagePageProps = {
  /** Opened through a banner's "Change budget": the budget box takes the focus once it is shown. */
  focusBudget?: boolean;
};

/**
 * Usage (the Voice Console's Usage tab, admins only): the tenant's calls, minutes, texts, tokens and
 * cost per day (this month) or per month (the last year) as charts, then per user and channel (a table,
 * stacked cards on a phone), with CSV export, the budget banner and its "Change budget", the two voice
 * engines compared over the last 30 days for the profile picked (at first the default profile), and the
 * usage settings.
 */
export default function UsagePage({ focusBudget = false }: UsagePageProps) {
  const [by, setBy] = useState<'day' | 'month'>('day');
  const query: UsageQuery = { by };
  const report = useUsageReport(query);
  const latency = useLatencyByDay(by === 'day');
  const settings = useUsageSettings();
  const budget = useBudgetStatus();
  const actions = useUsageActions();
  const profiles = useVoiceProfiles();
  // Undefined until one is picked: the server compares the default profile's calls.
  const [profileId, setProfileId] = useState<string>();
  const engines = useEngineComparison(profileId);
  const comparedId =
    profileId ?? engines.data?.profile?.id ?? profiles.data?.find((profile) => profile.isDefault)?.id;
  const budgetInput = useRef<HTMLInputElement>(null);
  const changeBudget = useCallback(() => {
    budgetInput.current?.scrollIntoView?.({ block: 'center' });
    budgetInput.current?.focus();
  }, []);
  const settingsShown = settings.data !== undefined;
  useEffect(() => {
    if (focusBudget && settingsShown) changeBudget();
  }, [focusBudget, settingsShown, changeBudget]);

  return (
    <Flex direction="column" gap="4">
      {budget.data && <BudgetBanner status={budget.data} onChangeBudget={changeBudget} />}
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        {/* Two toggle buttons: the shell's shared Radix surface has no segmented control. */}
        <Flex gap="1" role="group" aria-label="Period">
          {(['day', 'month'] as const).map((period) => (
            <Button
              key={period}
              size="1"
              variant={by === period ? 'solid' : 'soft'}
              aria-pressed={by === period}
              onClick={() => setBy(period)}
            >
              By {period}
            </Button>
          ))}
        </Flex>
        <Button
          size="1"
          variant="soft"
          loading={actions.exporting}
          onClick={() => actions.downloadCsv(query)}
        >
          <DownloadIcon />
          Export CSV
        </Button>
      </Flex>
      <LoadStatus
        loading={report.isPending}
        failed={report.isError}
        message="Failed to load usage."
        onRetry={() => void report.refetch()}
        details={report.error?.message}
        data={report.data}
      >
        {(data) =>
          data.rows.length === 0 ? (
            <EmptyState
              title="No usage yet"
              description="Calls and texts appear here once they have ended."
            />
          ) : (
            <Flex direction="column" gap="4">
              <UsageCharts
                periods={usagePerPeriod(data)}
                currency={data.currency}
                by={by}
                latency={latency.data}
              />
              {/* A phone gets stacked cards: the table's eight columns do not fit its width. */}
              <Box display={{ initial: 'none', sm: 'block' }}>
                <UsageTable report={data} />
              </Box>
              <Box display={{ initial: 'block', sm: 'none' }}>
                <UsageCards report={data} />
              </Box>
            </Flex>
          )
        }
      </LoadStatus>
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" size="3">
          Engines, last 30 days
        </Heading>
        {profiles.data && profiles.data.length > 0 && (
          <EngineProfileSelect profiles={profiles.data} value={comparedId} onChange={setProfileId} />
        )}
      </Flex>
      <LoadStatus
        loading={engines.isPending}
        failed={engines.isError}
        message="Failed to load the engine comparison."
        onRetry={() => void engines.refetch()}
        compact
        data={engines.data}
      >
        {(data) => <EngineComparisonTable comparison={data} />}
      </LoadStatus>
      {budget.data && budget.data.budget === null && (
        <Flex align="center" gap="2">
          <Text size="1" color="gray">
            No monthly budget is set.
          </Text>
          <Button size="1" variant="ghost" onClick={changeBudget}>
            Set a budget
          </Button>
        </Flex>
      )}
      <LoadStatus
        loading={settings.isPending}
        failed={settings.isError}
        message="Failed to load usage settings."
        onRetry={() => void settings.refetch()}
        compact
        data={settings.data}
      >
        {(data) => (
          <UsageSettingsForm
            settings={data}
            saving={actions.saving}
            onSave={actions.saveSettings}
            budgetRef={budgetInput}
          />
        )}
      </LoadStatus>
    </Flex>
  );
}
