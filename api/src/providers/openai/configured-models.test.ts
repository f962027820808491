import { describe, expect, it } from 'vitest';
import { withServedModels } from './configured-models.ts';

describe('withServedModels', () => {
  it('replaces a model setting OpenAI has shut down by the default and says which', () => {
    const { config, replaced } = withServedModels(
      { OPENAI_REALTIME_MODEL: 'gpt-4o-realtime-preview-2024-12-17', OPENAI_TEXT_MODEL: 'gpt-4.1-nano' },
      '2026-11-26',
    );
    expect(config).toEqual({ OPENAI_REALTIME_MODEL: 'gpt-realtime-2.1', OPENAI_TEXT_MODEL: 'gpt-6-luna' });
    expect(replaced.map(({ variable, shutdownDate }) => [variable, shutdownDate])).toEqual([
      ['OPENAI_REALTIME_MODEL', '2026-05-07'],
      ['OPENAI_TEXT_MODEL', '2026-10-23'],
    ]);
  });

  it('keeps a deprecated model until its shutdown date, and any model it does not know', () => {
    const settings = { OPENAI_REALTIME_MODEL: 'gpt-realtime', OPENAI_TEXT_MODEL: 'my-fine-tune' };
    expect(withServedModels(settings, '2026-11-26')).toEqual({ config: settings, replaced: [] });
    expect(withServedModels(settings, '2027-01-20').config.OPENAI_REALTIME_MODEL).toBe('gpt-realtime-2.1');
  });
});
