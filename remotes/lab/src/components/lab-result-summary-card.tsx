import type { LabJob } from '@annie/contracts/lab';
import { Card, DataList, Heading, Text } from '@radix-ui/themes';
import { summarizeLabResult } from '../lib/lab-result-summary.ts';

/** A finished job's answer in words: the grade or verdict, then its key figures. */
export function LabResultSummaryCard({ job }: { job: LabJob }) {
  const { headline, figures } = summarizeLabResult(job.type, job.result);
  return (
    <Card asChild>
      <section aria-label="Result">
        <Heading as="h2" size="3" mb="2">
          Result
        </Heading>
        {headline && (
          <Text as="p" size="5" weight="bold" mb="3">
            {headline}
          </Text>
        )}
        {figures.length > 0 ? (
          <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }}>
            {figures.map((figure) => (
              <DataList.Item key={figure.label}>
                <DataList.Label>{figure.label}</DataList.Label>
                <DataList.Value>{figure.value}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        ) : (
          !headline && (
            <Text as="p" color="gray" size="2">
              The provider's answer has no figures to summarise; see Technical details.
            </Text>
          )
        )}
      </section>
    </Card>
  );
}
