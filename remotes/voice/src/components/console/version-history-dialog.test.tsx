import { createQueryClient } from '@annie/api-client/query-client';
import type { VoiceProfileVersion } from '@annie/contracts/voice-profiles';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { VOICE_PROFILES, voiceProfileRoutes } from '@annie/test-fixtures/voice-profiles-api';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldsOfProfile } from '../../lib/profile-form.ts';
import { VersionHistoryDialog } from './version-history-dialog.tsx';

const [, sample] = VOICE_PROFILES;
if (!sample) throw new Error('the sample front-desk profile');
const frontDesk = { ...sample, version: 3, voice: 'marin' as const };
const v3 = fieldsOfProfile(frontDesk);
const v2 = { ...v3, voice: 'cedar' as const };
const v1 = { ...v2, name: 'Desk' };
const version = (n: number, profile: VoiceProfileVersion['profile']): VoiceProfileVersion => ({
  version: n,
  savedAt: '2026-11-20T10:00:00.000Z',
  savedBy: 'admin',
  profile,
});

afterEach(() => vi.unstubAllGlobals());

describe('VersionHistoryDialog', () => {
  it('shows what each version changed, and previews a restore before sending it', async () => {
    const api = stubFetch({
      ...voiceProfileRoutes(),
      'GET /api/voice/profiles/:id/versions': {
        status: 200,
        body: [version(3, v3), version(2, v2), version(1, v1)],
      },
      'POST /api/voice/profiles/:id/versions/:version/restore': {
        status: 200,
        body: { ...frontDesk, ...v1, version: 4 },
      },
    });
    const onRestored = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Theme>
          <VersionHistoryDialog profile={frontDesk} dirty onRestored={onRestored} />
          <Toaster />
        </Theme>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'History' }));
    const third = await screen.findByRole('listitem', { name: 'Version 3' });
    expect(within(third).getByRole('list', { name: 'Changes in version 3' })).toHaveTextContent(
      'Voice: Cedar → Marin',
    );
    expect(within(third).queryByRole('button', { name: 'Restore…' })).not.toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'Version 2' });
    expect(second).toHaveTextContent('Name: Desk → Front desk');
    expect(screen.getByRole('listitem', { name: 'Version 1' })).toHaveTextContent('First saved version.');

    await user.click(within(screen.getByRole('listitem', { name: 'Version 1' })).getByRole('button'));
    const preview = screen.getByRole('region', { name: 'Restore version 1' });
    expect(within(preview).getByRole('list', { name: 'Changes on restore' }).textContent).toBe(
      'Name: Front desk → DeskVoice: Marin → Cedar',
    );
    expect(preview).toHaveTextContent('Your unsaved edits are discarded.');
    expect(api.requests('POST')).toHaveLength(0);
    await user.click(within(preview).getByRole('button', { name: 'Restore version 1' }));
    await vi.waitFor(() => expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ version: 4 })));
    expect(api.requests('POST').at(-1)?.path).toBe(`/api/voice/profiles/${frontDesk.id}/versions/1/restore`);
  });
});
