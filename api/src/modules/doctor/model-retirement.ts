import { describeModelStatus, type ModelStatus, modelStatus } from '@annie/contracts/openai-models';
import type { Model } from 'openai/resources/models';

/**
 * What is known of a model's retirement on `today` (YYYY-MM-DD). OpenAI states it on the model itself:
 * `shutdown_date` on GET /v1/models/{id} (the SDK's `Model` type), null while no shutdown is announced
 * and possibly absent. The product's dated table (`modelStatus`, OpenAI's deprecations as that table
 * records them) names the replacement, and speaks alone when OpenAI did not say (the field absent, or
 * the model no longer answered for). A date OpenAI gives wins over the table's: it is the newer word.
 */
export function modelRetirement(
  model: string,
  served: Pick<Model, 'shutdown_date'> | undefined,
  today = new Date().toISOString().slice(0, 10),
): ModelStatus {
  const table = modelStatus(model, today);
  const announced = served?.shutdown_date;
  if (announced === undefined) return table;
  if (announced === null) return { model, state: 'current', shutdownDate: null, replacement: null };
  return {
    model,
    state: announced <= today ? 'retired' : 'deprecated',
    shutdownDate: announced,
    replacement: table.replacement,
  };
}

/** The doctor's words for a model OpenAI still serves: "served", and when it goes if it is going. */
export function servedDetail(status: ModelStatus): string {
  if (status.state === 'current') return 'served';
  if (status.replacement) return `served; ${describeModelStatus(status)}`;
  const when =
    status.state === 'retired'
      ? `was due to shut down on ${status.shutdownDate}`
      : `shuts down on ${status.shutdownDate}`;
  return `served; ${status.model} ${when}`;
}
