import { createQueryClient } from '@annie/api-client/query-client';
import { jsonResponse, stubFetch } from '@annie/test-fixtures/fetch-stub';
import { Theme } from '@radix-ui/themes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoicePicker } from './voice-picker.tsx';

/** A stand-in for the browser's Audio: play() waits for the test to start it, or refuses. */
class AudioStandIn {
  static made: AudioStandIn[] = [];
  static refuse = false;
  readonly src: string;
  paused = true;
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(src: string) {
    this.src = src;
    AudioStandIn.made.push(this);
  }
  play(): Promise<void> {
    if (AudioStandIn.refuse) return Promise.reject(new DOMException('no', 'NotSupportedError'));
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
  end(): void {
    this.paused = true;
    this.onended?.();
  }
}

const PATH = 'POST /api/voice/profiles/voice-preview';
const mp3 = () =>
  new Response(new Uint8Array([0xff, 0xf3, 0x44, 0xc0]), { headers: { 'Content-Type': 'audio/mpeg' } });

beforeEach(() => {
  AudioStandIn.made = [];
  AudioStandIn.refuse = false;
  vi.stubGlobal('Audio', AudioStandIn);
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:sample-${++next}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

function renderPicker(onChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Theme>
        <VoicePicker value="cedar" onChange={onChange} />
      </Theme>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onChange };
}

describe('VoicePicker samples', () => {
  it('shows loading while the sample comes, Stop while it plays, and Play again when it ends', async () => {
    let release: (response: Response) => void = () => {};
    const api = stubFetch({ [PATH]: () => new Promise<Response>((resolve) => (release = resolve)) });
    const { user, onChange } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Play a sample of Marin' }));
    const loading = screen.getByRole('button', { name: 'Loading the Marin sample' });
    expect(loading).toBeDisabled();
    expect(api.requests()).toMatchObject([{ body: { voice: 'marin' } }]);
    release(mp3());
    await user.click(await screen.findByRole('button', { name: 'Stop the Marin sample' }));
    expect(AudioStandIn.made[0]?.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play a sample of Marin' })).toBeEnabled();
    // Playing a sample does not choose the voice.
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radio', { name: /Cedar/ })).toBeChecked();
  });

  it('plays a voice again from the kept sample, and goes back to Play when it ends', async () => {
    const api = stubFetch({ [PATH]: () => mp3() });
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Play a sample of Cedar' }));
    await screen.findByRole('button', { name: 'Stop the Cedar sample' });
    AudioStandIn.made[0]?.end();
    await user.click(await screen.findByRole('button', { name: 'Play a sample of Cedar' }));
    await screen.findByRole('button', { name: 'Stop the Cedar sample' });
    expect(api.requests()).toHaveLength(1);
    expect(AudioStandIn.made.map((audio) => audio.src)).toEqual(['blob:sample-1', 'blob:sample-1']);
  });

  it('plays one voice at a time: Play on another stops the first', async () => {
    stubFetch({ [PATH]: () => mp3() });
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Play a sample of Cedar' }));
    await screen.findByRole('button', { name: 'Stop the Cedar sample' });
    await user.click(screen.getByRole('button', { name: 'Play a sample of Marin' }));
    await screen.findByRole('button', { name: 'Stop the Marin sample' });
    expect(AudioStandIn.made[0]?.paused).toBe(true);
    expect(screen.getByRole('button', { name: 'Play a sample of Cedar' })).toBeInTheDocument();
  });

  it("says in words why a sample failed: the server's message beside the voice", async () => {
    stubFetch({
      [PATH]: jsonResponse(503, {
        message: 'Voice samples are not available: set OPENAI_API_KEY',
        code: 'not_configured',
      }),
    });
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Play a sample of Marin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Voice samples are not available: set OPENAI_API_KEY',
    );
    expect(screen.getByRole('button', { name: 'Play a sample of Marin' })).toBeEnabled();
  });

  it('says so when the browser cannot play the sample', async () => {
    AudioStandIn.refuse = true;
    stubFetch({ [PATH]: () => mp3() });
    const { user } = renderPicker();
    await user.click(screen.getByRole('button', { name: 'Play a sample of Cedar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sample could not be played in this browser.',
    );
  });
});
