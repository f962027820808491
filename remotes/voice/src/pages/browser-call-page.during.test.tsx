import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CALL_SESSION_ID,
  microphone,
  serverSends,
  startCall,
  useBrowserCallHarness,
} from '../testing/browser-call-harness.tsx';

useBrowserCallHarness();

// During a call: a timer, Mute, the tools at work as chips in the transcript; after it, a summary line
// with a link to the call's entry in Call Logs.
describe('BrowserCallPage: during and after a call', { timeout: 15_000 }, () => {
  it('shows the running time and mutes the microphone (the call goes on), then unmutes', async () => {
    const { user } = await startCall();
    expect(screen.getByRole('timer', { name: 'Call duration' })).toHaveTextContent(/^\d+:\d\d$/);
    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(microphone().track.enabled).toBe(false);
    const unmute = screen.getByRole('button', { name: 'Unmute' });
    expect(unmute).toHaveAttribute('aria-pressed', 'true');
    await user.click(unmute);
    expect(microphone().track.enabled).toBe(true);
    expect(screen.getByRole('button', { name: 'End call' })).toBeInTheDocument();
  });

  it('shows a tool as a chip in words while it runs, then as done', async () => {
    await startCall();
    await serverSends({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: 'item_u1',
      transcript: 'What do we know about Acme?',
    });
    await serverSends({
      type: 'response.function_call_arguments.done',
      response_id: 'resp_2',
      call_id: 'call_7',
      name: 'no_such_tool',
      arguments: '{}',
    });
    const log = screen.getByRole('log', { name: 'Transcript' });
    // An unknown tool's name is made readable; a known one has its own words (lib/tool-words.ts).
    await waitFor(() => expect(within(log).getByText('No such tool')).toBeInTheDocument());
    expect(log).not.toHaveTextContent('no_such_tool');
    const items = [...log.querySelectorAll('[data-tool], p, span')].map((node) => node.textContent);
    expect(items.findIndex((text) => text?.includes('Acme'))).toBeLessThan(items.indexOf('No such tool'));
  });

  it('after End: a summary line and a link to the call in Call Logs; no timer or Mute', async () => {
    const { user } = await startCall();
    await serverSends({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: 'item_u1',
      transcript: 'Thanks, that is all.',
    });
    await user.click(screen.getByRole('button', { name: 'End call' }));
    expect(await screen.findByText(/^Call ended after \d+:\d\d · 1 line/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See it in Call Logs' })).toHaveAttribute(
      'href',
      `/call-logs#call-${CALL_SESSION_ID}`,
    );
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute' })).not.toBeInTheDocument();
  });
});
