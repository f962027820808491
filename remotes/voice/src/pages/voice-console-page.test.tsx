import { createQueryClient } from '@annie/api-client/query-client';
import { authRoutes, authUser } from '@annie/test-fixtures/auth-api';
import { DOCTOR_REPORT, doctorRoutes } from '@annie/test-fixtures/doctor-api';
import { stubFetch } from '@annie/test-fixtures/fetch-stub';
import { VOICE_PROFILES, voiceProfileRoutes } from '@annie/test-fixtures/voice-profiles-api';
import { Toaster } from '@annie/ui/toast/toast';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VoiceConsolePage from './voice-console-page.tsx';

function stubApi(options: Parameters<typeof voiceProfileRoutes>[0] = {}) {
  const rechecked = { ...DOCTOR_REPORT, checkedAt: '2026-11-26T09:30:00.000Z', healthy: true, providers: [] };
  return stubFetch({
    ...authRoutes(authUser({ isAdmin: true })),
    ...voiceProfileRoutes(options),
    ...doctorRoutes(DOCTOR_REPORT, rechecked),
  });
}

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/voice/console']}>
        <Theme>
          <VoiceConsolePage />
          <Toaster />
        </Theme>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const notices = () => within(screen.getByRole('region', { name: /Notifications/ }));

afterEach(() => {
  vi.unstubAllGlobals();
});

// Typing and Radix rendering run slowly on a busy machine; these walk several screens each.
describe('VoiceConsolePage', { timeout: 20_000 }, () => {
  it('selects the default profile on entry; search matches name or context in words', async () => {
    stubApi();
    const user = renderPage();
    // The first render loads every tab's module; give it longer than the default second.
    expect(
      await screen.findByRole('heading', { name: 'Edit Profile' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Profile Name *')).toHaveValue('Front desk');
    const list = screen.getByRole('list', { name: 'Voice profiles' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // One Default badge, and the "Default" context reads General beside it.
    expect(within(list).getAllByText('Default')).toHaveLength(1);
    expect(within(list).getAllByText('General')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Search profiles' }), 'after');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['EveningsAfter hours']);
  });

  it("says in words what each provider's state means, and why a failing one fails; Check again asks again", async () => {
    const api = stubApi();
    const user = renderPage();
    const status = await screen.findByRole('region', { name: 'Provider status' });
    const providers = within(status).getAllByRole('listitem');
    expect(providers.map((item) => item.textContent)).toEqual([
      'OpenAIWorkingVoice calls and drafted replies can run.',
      expect.stringMatching(
        /^TwilioNot workingtenant default \+14155550100: messaging webhook is https:\/\/old\.example\/sms/,
      ),
      'Google WorkspaceNot set upNot connected: calendar and mail tools are off.',
    ]);
    expect(status).not.toHaveTextContent(/Answering|PUBLIC_URL/);
    await user.click(within(status).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(within(status).queryAllByRole('listitem')).toHaveLength(0));
    expect(api.requests('GET').some((request) => request.query.get('refresh') === 'true')).toBe(true);
  });

  it('names a retired model a profile holds, with what to pick instead, and Use puts it in the form', async () => {
    const [system, frontDesk, evenings] = VOICE_PROFILES;
    if (!system || !frontDesk || !evenings) throw new Error('three sample profiles');
    const api = stubApi({
      profiles: [system, { ...frontDesk, model: 'gpt-4o-realtime-preview-2024-12-17' }, evenings],
    });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /Front desk/ }));
    const notice = screen.getByRole('status', { name: '' });
    expect(notice).toHaveTextContent(
      'Model gpt-4o-realtime-preview-2024-12-17 was shut down by OpenAI on 2026-05-07; pick gpt-realtime-2.1 instead. Calls with this profile use the default model until you change it.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Use gpt-realtime-2.1' }));
    expect(screen.queryByText(/was shut down by OpenAI/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests('PATCH').at(-1)?.body).toMatchObject({ model: 'gpt-realtime-2.1' }),
    );
  });

  it('the Engine tab puts a profile on GPT-Live with its model and acknowledgement delay, saved with the profile', async () => {
    const api = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /Front desk/ }));
    // Radix Themes repeats a tab's label (a hidden copy keeps its width when bold).
    await user.click(screen.getByRole('tab', { name: /^Engine/ }));
    expect(screen.getByRole('combobox', { name: 'Engine' })).toHaveTextContent('Realtime (gpt-realtime)');
    await user.click(screen.getByRole('combobox', { name: 'Engine' }));
    await user.click(await screen.findByRole('option', { name: 'GPT-Live (full duplex)' }));
    await user.click(screen.getByRole('combobox', { name: 'Live model' }));
    await user.click(await screen.findByRole('option', { name: 'gpt-live-1' }));
    const delay = screen.getByLabelText('Acknowledgement delay (ms)');
    // An emptied box falls back to the default at once, so the new value is typed over a selection.
    await user.tripleClick(delay);
    await user.keyboard('1200');
    const split = screen.getByLabelText('Calls on the other engine (%)');
    await user.tripleClick(split);
    await user.keyboard('20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requests('PATCH').at(-1)?.body).toMatchObject({
        engine: 'live',
        engineSplitPercent: 20,
        live: { model: 'gpt-live-1', voice: 'marin', acknowledgementDelayMs: 1200 },
      }),
    );
  });

  it('on the default profile, Make default is absent and the disabled switches say why; New resets to the defaults', async () => {
    stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /Front desk/ }));
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Make Default for this Agent' })).toHaveAccessibleDescription(
      "This is the agent's default profile. To change that, make another profile the default.",
    );
    expect(screen.getByRole('switch', { name: 'Profile Active' })).toHaveAccessibleDescription(
      'Every profile is always active; delete a profile to retire it.',
    );
    expect(screen.getByLabelText('Profile Name *')).toHaveValue('Front desk');
    await user.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('heading', { name: 'Create Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Profile Name *')).toHaveValue('');
    expect(screen.getByRole('radio', { name: /Cedar/ })).toBeChecked();
  });

  it('Save is on only while the form holds a change; switching profile with edits asks first', async () => {
    const api = stubApi();
    const user = renderPage();
    await screen.findByRole('heading', { name: 'Edit Profile' }, { timeout: 5_000 });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('No changes to save');
    const name = screen.getByLabelText('Profile Name *');
    await user.type(name, 'x');
    expect(save).toBeEnabled();
    await user.type(name, '{Backspace}');
    expect(save).toBeDisabled();
    await user.type(name, ' 2');
    await user.click(screen.getByRole('button', { name: /Evenings/ }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText('Profile Name *')).toHaveValue('Front desk 2');
    await user.click(screen.getByRole('button', { name: /Evenings/ }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(screen.getByLabelText('Profile Name *')).toHaveValue('Evenings');
    expect(api.requests('PATCH')).toHaveLength(0);
  });

  it('shows every option in words, never the stored value', async () => {
    stubApi();
    const user = renderPage();
    await screen.findByRole('heading', { name: 'Edit Profile' }, { timeout: 5_000 });
    expect(screen.getByRole('combobox', { name: 'Locale' })).toHaveTextContent('English (United States)');
    await user.click(screen.getByRole('tab', { name: /^Personality/ }));
    expect(screen.getByRole('combobox', { name: 'Conversation Style' })).toHaveTextContent('Warm');
    expect(screen.getByRole('combobox', { name: 'Response Length' })).toHaveTextContent(
      'Short (a sentence or two)',
    );
    await user.click(screen.getByRole('combobox', { name: 'Conversation Style' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toContain(
      'Calm and measured',
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: /^Hosted Prompt/ }));
    expect(screen.getByRole('combobox', { name: 'Preset' })).toHaveTextContent('No hosted prompt');
    // The voice is chosen in one place, on Basic.
    expect(screen.queryByRole('radiogroup', { name: /Voice/ })).not.toBeInTheDocument();
  });

  it('creates a profile with the defaults and the typed name, then resets to no selection', async () => {
    const api = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'New' }));
    await user.type(screen.getByLabelText('Profile Name *'), 'Reception');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await notices().findByText('Profile created successfully')).toBeInTheDocument();
    expect(
      api.requests('POST').find((request) => request.path === '/api/voice/profiles')?.body,
    ).toMatchObject({
      name: 'Reception',
      agentId: 'default-agent',
      vadSilenceMs: 700,
      humanness: 7,
    });
    expect(screen.getByRole('heading', { name: 'Select a Profile' })).toBeInTheDocument();
  });

  it('saves the system profile through PUT /api/annie/config, with a notice on failure', async () => {
    const api = stubApi({ annieConfigStatus: 503 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /AnnieAI/ }));
    await user.type(screen.getByLabelText('Instructions'), ' Be brief.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await notices().findByText('Failed to update AnnieAI')).toBeInTheDocument();
    expect(notices().getByText('Unable to save AnnieAI configuration')).toBeInTheDocument();
    expect(api.requests('PUT')[0]?.body).toMatchObject({
      vadSettings: { silenceDurationMs: 700, threshold: '0.55', prefixPaddingMs: 300 },
    });
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByText(/it can be edited, not deleted/)).toBeInTheDocument();
  });

  it('refuses an import that is not JSON with a notice, and sends nothing', async () => {
    const api = stubApi();
    const user = renderPage();
    await screen.findByRole('heading', { name: 'Edit Profile' });
    const file = new File(['{ not json'], 'broken.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Import profile file'), file);
    expect(await notices().findByText('Import failed')).toBeInTheDocument();
    expect(notices().getByText('Please check the file format and try again')).toBeInTheDocument();
    expect(api.requests('POST')).toHaveLength(0);
  });

  it('makes a profile the default with its notice', async () => {
    const api = stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /Evenings/ }));
    await user.click(screen.getByRole('button', { name: 'Make default' }));
    expect(await notices().findByText('Default profile updated')).toBeInTheDocument();
    expect(api.requests('POST').at(-1)?.path).toBe(
      '/api/voice/profiles/6e4a2b3c-1d5e-4f6a-9b0c-2d3e4f5a6b7c/make-default',
    );
  });

  it('opens the 480 px test panel Not Connected; a refused microphone shows its notice', async () => {
    stubApi();
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /Front desk/ }));
    await user.click(screen.getByRole('button', { name: 'Test' }));
    const panel = screen.getByRole('dialog', { name: 'Test Voice Profile' });
    expect(panel).toHaveStyle({ width: '480px' });
    expect(within(panel).getByText('Not Connected')).toBeInTheDocument();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new Error('NotAllowedError')) },
    });
    await user.click(within(panel).getByRole('button', { name: 'Start Test' }));
    expect(await notices().findByText('Microphone access denied')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByText('Error')).toBeInTheDocument());
  });
});
