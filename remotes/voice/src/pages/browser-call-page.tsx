import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { Flex } from '@radix-ui/themes';
import { useCallReadiness } from '../api/use-call-readiness.ts';
import { BrowserCallTranscript } from '../components/browser-call/browser-call-transcript.tsx';
import { CallInProgressBar } from '../components/browser-call/call-in-progress-bar.tsx';
import { CallToggle } from '../components/browser-call/call-toggle.tsx';
import { VoiceStatusHeader } from '../components/browser-call/voice-status-header.tsx';
import { WelcomeMessage } from '../components/browser-call/welcome-message.tsx';
import { CallEndedSummary } from '../components/call-notices/call-ended-summary.tsx';
import { CallFailureAlert } from '../components/call-notices/call-failure-alert.tsx';
import { CallsPausedNotice } from '../components/call-notices/calls-paused-notice.tsx';
import { useBrowserCall } from '../hooks/use-browser-call.ts';
import { callCaption, callStatusText } from '../lib/browser-call/captions.ts';
import '../components/browser-call/browser-call.css';

/** The browser call screen, at / and at /voice: talk to the assistant over WebRTC. */
export default function BrowserCallPage() {
  const assistantName = useAssistantName();
  const call = useBrowserCall(assistantName);
  const readiness = useCallReadiness();
  const pausedNotice = readiness.data?.notice ?? null;
  const hasTranscript = call.entries.length > 0;
  const last = call.entries.at(-1);
  const replyStarted = last?.role === 'assistant' && last.isPartial;
  const userWordsShown = last?.role === 'user' && last.isPartial;
  return (
    <Flex
      direction="column"
      px="4"
      mx="auto"
      width="100%"
      maxWidth="720px"
      // The screen's height, so the transcript scrolls and the call button stays in view: what the shell's
      // chrome leaves (its --annie-content-height: on a phone, above the tab bar and the safe area).
      style={{ height: 'var(--annie-content-height, calc(100dvh - 8rem))', minHeight: '28rem' }}
    >
      <VoiceStatusHeader
        assistantName={assistantName}
        statusText={callStatusText(call.status, call.isActive)}
        onClear={hasTranscript ? call.clear : null}
      />
      {!hasTranscript && call.status === 'idle' ? (
        <WelcomeMessage assistantName={assistantName} />
      ) : (
        <BrowserCallTranscript
          entries={call.entries}
          tools={call.tools}
          typing={call.userSpeaking && !userWordsShown}
          thinking={call.status === 'processing' && !replyStarted}
        />
      )}
      {call.isActive && call.startedAt !== null && (
        <CallInProgressBar startedAt={call.startedAt} muted={call.muted} onToggleMute={call.toggleMute} />
      )}
      {!call.isActive && call.status === 'idle' && call.ended && <CallEndedSummary {...call.ended} />}
      {call.failure && <CallFailureAlert failure={call.failure} />}
      {pausedNotice && !call.isActive && !call.failure && <CallsPausedNotice notice={pausedNotice} />}
      <CallToggle
        isActive={call.isActive}
        connecting={call.status === 'connecting'}
        caption={callCaption(call.status, call.isActive, assistantName)}
        paused={pausedNotice !== null}
        onToggle={call.isActive ? call.end : call.start}
        onPrepare={call.prepare}
      />
    </Flex>
  );
}
