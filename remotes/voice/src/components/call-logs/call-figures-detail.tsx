import { toolDoneWords } from '@annie/contracts/tool-words';
import type { CallFigures } from '@annie/contracts/usage';
import { formatMoney, formatMs } from '@annie/ui/format';
import { Box, DataList, Flex, Text } from '@radix-ui/themes';
import { LatencyChart } from './latency-chart.tsx';

type Props = { figures: CallFigures };

const count = (value: number) => value.toLocaleString('en-US');

/**
 * A call's figures in full, folded under "Call details": the response time per turn as a chart,
 * barge-ins, the tools the model ran, tokens by kind for the voice and transcription models (on
 * GPT-Live: its seconds and the backend's tokens), Twilio's minutes and price, and the cost estimate.
 */
export function CallFiguresDetail({ figures }: Props) {
  const voice = figures.voiceTokens;
  const transcription = figures.transcription;
  const live = figures.live;
  return (
    <Box asChild mt="2">
      <details>
        <Text asChild size="2" color="blue">
          <summary style={{ cursor: 'pointer' }}>Call details</summary>
        </Text>
        <Flex direction="column" gap="3" mt="2">
          {figures.latenciesMs.length > 0 ? (
            <LatencyChart latenciesMs={figures.latenciesMs} />
          ) : (
            <Text size="2" color="gray">
              No answered turns.
            </Text>
          )}
          <DataList.Root size="1">
            {figures.latency && (
              <DataList.Item>
                <DataList.Label>Response time</DataList.Label>
                <DataList.Value>
                  median {formatMs(figures.latency.p50)}, p95 {formatMs(figures.latency.p95)}, worst{' '}
                  {formatMs(figures.latency.max)}
                </DataList.Value>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.Label>Interruptions</DataList.Label>
              <DataList.Value>{figures.interruptions}</DataList.Value>
            </DataList.Item>
            <DataList.Item>
              <DataList.Label>Tools</DataList.Label>
              <DataList.Value>
                {figures.tools.length === 0
                  ? 'None'
                  : figures.tools
                      .map(
                        (tool) =>
                          `${toolDoneWords(tool.name)} (${formatMs(tool.durationMs)}${tool.outcome === 'error' ? ', failed' : ''})`,
                      )
                      .join('; ')}
              </DataList.Value>
            </DataList.Item>
            {voice && (
              <DataList.Item>
                <DataList.Label>Voice tokens ({voice.model})</DataList.Label>
                <DataList.Value>
                  in: text {count(voice.inputText)}, audio {count(voice.inputAudio)} (cached{' '}
                  {count(voice.cachedText + voice.cachedAudio)}); out: text {count(voice.outputText)}, audio{' '}
                  {count(voice.outputAudio)}
                </DataList.Value>
              </DataList.Item>
            )}
            {live && (
              <>
                <DataList.Item>
                  <DataList.Label>GPT-Live ({live.model})</DataList.Label>
                  <DataList.Value>{live.seconds.toFixed(1)} s of session</DataList.Value>
                </DataList.Item>
                <DataList.Item>
                  <DataList.Label>Backend tokens ({live.backendModel})</DataList.Label>
                  <DataList.Value>
                    in: {count(live.backendTokens.input)} (cached {count(live.backendTokens.cached)}); out:{' '}
                    {count(live.backendTokens.output)} (reasoning {count(live.backendTokens.reasoning)})
                  </DataList.Value>
                </DataList.Item>
              </>
            )}
            {transcription && (
              <DataList.Item>
                <DataList.Label>Transcription ({transcription.model})</DataList.Label>
                <DataList.Value>
                  {transcription.seconds > 0
                    ? `${transcription.seconds.toFixed(1)} s of audio`
                    : `in: audio ${count(transcription.inputAudio)}, text ${count(transcription.inputText)}; out: ${count(transcription.output)} tokens`}
                </DataList.Value>
              </DataList.Item>
            )}
            {figures.twilio && (
              <DataList.Item>
                <DataList.Label>Twilio</DataList.Label>
                <DataList.Value>
                  {figures.twilio.minutes} min,{' '}
                  {figures.twilio.price === null
                    ? 'price not reported yet'
                    : formatMoney(Math.abs(figures.twilio.price), figures.twilio.priceUnit ?? 'USD')}
                </DataList.Value>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.Label>Cost estimate</DataList.Label>
              <DataList.Value>
                {figures.cost
                  ? formatMoney(figures.cost.amount, figures.cost.currency)
                  : 'Unknown (a model has no price)'}
              </DataList.Value>
            </DataList.Item>
          </DataList.Root>
        </Flex>
      </details>
    </Box>
  );
}
