import type { RemoteName } from '@annie/contracts/remotes';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { Box, Heading } from '@radix-ui/themes';
import { useLoadErrorChart } from './api/use-load-error-chart.ts';
import { LoadErrorChart } from './load-error-chart.tsx';

/** A remote's chart of load failures per version since activation, read when its card is shown. */
export function LoadErrorChartSection({ remote }: { remote: RemoteName }) {
  const chart = useLoadErrorChart(remote);
  return (
    <Box mt="4" role="region" aria-label="Load failures per version">
      <Heading as="h3" size="2" mb="2">
        Load failures per version since activation
      </Heading>
      <LoadStatus
        loading={chart.isPending}
        failed={chart.isError}
        message="The chart of load failures could not be loaded."
        details={chart.error?.message}
        onRetry={() => void chart.refetch()}
        skeletonRows={2}
        label="Loading the chart"
        space="3"
        data={chart.data}
      >
        {(loaded) => <LoadErrorChart chart={loaded} />}
      </LoadStatus>
    </Box>
  );
}
