import type { LatencyByDay } from '@annie/contracts/usage';
import { formatMinutesSeconds } from '@annie/contracts/usage-words';
import { formatMoney, formatMs } from '@annie/ui/format';
import { Card, Grid, Text } from '@radix-ui/themes';
import { periodLabel, type UsagePeriod } from '../../lib/usage-series.ts';
import { PeriodChart } from './period-chart.tsx';

type Props = {
  periods: UsagePeriod[];
  currency: string;
  by: 'day' | 'month';
  /** Per day only; undefined while it loads or when the report is by month. */
  latency?: LatencyByDay;
};

const ACCENT = 'var(--accent-9)';

/** Calls, minutes and cost per period and, by day, response latency (median and p95), as four small charts. */
export function UsageCharts({ periods, currency, by, latency }: Props) {
  const labels = periods.map((period) => periodLabel(period.period));
  const per = by === 'day' ? 'per day' : 'per month';
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gap="3">
      <Card>
        <PeriodChart
          title={`Calls ${per}`}
          labels={labels}
          series={[{ name: 'Calls', color: ACCENT, values: periods.map((period) => period.calls) }]}
          format={(value) => String(Math.round(value))}
        />
      </Card>
      <Card>
        <PeriodChart
          title={`Minutes ${per}`}
          labels={labels}
          series={[{ name: 'Minutes', color: ACCENT, values: periods.map((period) => period.seconds) }]}
          format={formatMinutesSeconds}
        />
      </Card>
      <Card>
        <PeriodChart
          title={`Cost ${per}`}
          labels={labels}
          series={[{ name: 'Cost', color: ACCENT, values: periods.map((period) => period.cost) }]}
          format={(value) => formatMoney(value, currency)}
        />
      </Card>
      {by === 'day' && (
        <Card>
          {latency && latency.days.length > 0 ? (
            <PeriodChart
              title="Response time per day"
              labels={latency.days.map((day) => periodLabel(day.date))}
              series={[
                { name: 'Median', color: ACCENT, values: latency.days.map((day) => day.p50) },
                {
                  name: '95th percentile',
                  color: 'var(--orange-9)',
                  values: latency.days.map((day) => day.p95),
                },
              ]}
              format={formatMs}
            />
          ) : (
            <Text size="2" color="gray">
              {latency
                ? 'No measured calls this month: response times appear after a call.'
                : 'Loading response times…'}
            </Text>
          )}
        </Card>
      )}
    </Grid>
  );
}
