import { describeModelStatus, modelStatus } from '@annie/contracts/openai-models';
import { Button, Callout, Flex } from '@radix-ui/themes';

type RetiredModelNoticeProps = {
  model: string | null;
  onReplace: (replacement: string) => void;
};

/**
 * A profile naming a model OpenAI has shut down (calls then run on the default) or will shut down soon:
 * says which, and offers the model to pick instead.
 */
export function RetiredModelNotice({ model, onReplace }: RetiredModelNoticeProps) {
  if (!model) return null;
  const status = modelStatus(model);
  const text = describeModelStatus(status);
  if (!text || !status.replacement) return null;
  const { replacement } = status;
  return (
    <Callout.Root color={status.state === 'retired' ? 'red' : 'amber'} role="status">
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <Callout.Text>
          {status.state === 'retired'
            ? `Model ${text}. Calls with this profile use the default model until you change it.`
            : `Model ${text}.`}
        </Callout.Text>
        <Button size="1" variant="soft" onClick={() => onReplace(replacement)}>
          Use {replacement}
        </Button>
      </Flex>
    </Callout.Root>
  );
}
