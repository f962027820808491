import { DEFAULT_REALTIME_MODEL, DEFAULT_TEXT_MODEL, modelStatus } from '@annie/contracts/openai-models';
import type { AppConfig } from '../../config/env.ts';

/** A model setting naming a model OpenAI has shut down, and what runs instead. */
export type ReplacedModelSetting = {
  variable: 'OPENAI_REALTIME_MODEL' | 'OPENAI_TEXT_MODEL';
  requested: string;
  shutdownDate: string;
  used: string;
};

const DEFAULTS = { OPENAI_REALTIME_MODEL: DEFAULT_REALTIME_MODEL, OPENAI_TEXT_MODEL: DEFAULT_TEXT_MODEL };

/**
 * The configuration with every model setting OpenAI no longer serves replaced by the built-in default,
 * so calls and drafts keep working; `replaced` is what the start log warns about.
 */
export function withServedModels<T extends Pick<AppConfig, keyof typeof DEFAULTS>>(
  config: T,
  today?: string,
): { config: T; replaced: ReplacedModelSetting[] } {
  const replaced: ReplacedModelSetting[] = [];
  const next = { ...config };
  for (const variable of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const status = modelStatus(config[variable], today);
    if (status.state !== 'retired') continue;
    replaced.push({
      variable,
      requested: config[variable],
      shutdownDate: status.shutdownDate ?? '',
      used: DEFAULTS[variable],
    });
    next[variable] = DEFAULTS[variable];
  }
  return { config: next, replaced };
}
