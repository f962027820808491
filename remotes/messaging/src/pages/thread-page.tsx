import { isApiError } from '@annie/api-client/http';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { formatPhone } from '@annie/ui/format';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { ArrowLeftIcon, MobileIcon, PlusIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useOpenSmsThread } from '../api/use-open-sms-thread.ts';
import { useSmsLiveEvents } from '../api/use-sms-live-events.ts';
import { useSmsStatus } from '../api/use-sms-status.ts';
import { AddContactDialog } from '../components/add-contact-dialog.tsx';
import { MessageBubble } from '../components/message-bubble.tsx';
import { MessageComposer } from '../components/message-composer.tsx';
import { OutboundCall } from '../components/outbound-call.tsx';
import { ThreadMenu } from '../components/thread-menu.tsx';
import { useAddContact } from '../hooks/use-add-contact.ts';
import { useOlderMessages } from '../hooks/use-older-messages.ts';
import { useThreadActions } from '../hooks/use-thread-actions.ts';
import type { CallTarget } from '../lib/call-target.ts';
import { groupByDay } from '../lib/day-label.ts';
import { partyName } from '../lib/party-name.ts';

export const OPTED_OUT_NOTE = 'This contact has opted out of receiving messages';

/**
 * A conversation (/sms/:phone), marked read as it opens: messages by day, the assistant's draft, the
 * message box; live. The call button asks what the call is for before the assistant phones.
 */
export default function ThreadPage() {
  useSmsLiveEvents();
  const { phone = '' } = useParams();
  const thread = useOpenSmsThread(phone);
  const status = useSmsStatus();
  const actions = useThreadActions();
  const { messages, hasOlder, loadOlder, loadingOlder } = useOlderMessages(thread.data);
  const [callTarget, setCallTarget] = useState<CallTarget>();
  const [addingContact, setAddingContact] = useState(false);
  const { addContact, adding: savingContact } = useAddContact();

  if (!thread.isSuccess) {
    const cause = thread.error?.cause;
    // Not a number we can text, or no such thread: said for people, never the server's JSON.
    if (isApiError(cause) && (cause.status === 400 || cause.status === 404)) {
      return <ThreadNotFound phone={phone} />;
    }
    return (
      <LoadStatus
        loading={thread.isPending}
        failed={thread.isError}
        message={thread.error?.message}
        details={cause instanceof Error ? cause.message : undefined}
        onRetry={() => void thread.refetch()}
      />
    );
  }
  const data = thread.data;
  const pendingDraft = data.meta.pendingDraft;
  // Who the thread is with, for people: the contact's name, else the number formatted (never E.164).
  const callName = partyName(data);
  const sending = status.data?.sending;
  const draftsOff = status.data && !status.data.drafts.configured;
  const disabledReason = data.optedOut
    ? OPTED_OUT_NOTE
    : sending && !sending.configured
      ? `Sending is not configured: set ${sending.missing.join(', ')}`
      : undefined;

  return (
    <Flex direction="column" height="100%" p={{ initial: '3', md: '5' }} gap="3">
      <Flex align="center" gap="3">
        <IconButton asChild variant="ghost" aria-label="Back to messages">
          <Link to="/sms">
            <ArrowLeftIcon />
          </Link>
        </IconButton>
        <Box flexGrow="1" minWidth="0">
          <Heading as="h1" size="5" truncate>
            {callName}
          </Heading>
          {data.contact && (
            <Text size="1" color="gray">
              {formatPhone(data.phoneE164)}
            </Text>
          )}
        </Box>
        {!data.contact && (
          <Button variant="soft" onClick={() => setAddingContact(true)}>
            <PlusIcon /> Add to contacts
          </Button>
        )}
        <IconButton
          variant="ghost"
          aria-label={`Call ${callName}`}
          onClick={() => setCallTarget({ phone: data.phoneE164, name: callName })}
        >
          <MobileIcon />
        </IconButton>
        <ThreadMenu
          thread={data}
          draftsOffReason={draftsOff ? 'No drafts: OpenAI is not configured (set OPENAI_API_KEY)' : undefined}
          onPreference={(preference) => actions.setPreference(data.id, preference)}
        />
      </Flex>
      <Box flexGrow="1" style={{ overflowY: 'auto' }}>
        {hasOlder && (
          <Flex justify="center" mb="2">
            <Button variant="soft" color="gray" loading={loadingOlder} onClick={() => void loadOlder()}>
              Load older messages
            </Button>
          </Flex>
        )}
        {messages.length === 0 ? (
          <EmptyState title="No messages yet" description="Send a message to start the conversation" />
        ) : (
          groupByDay(messages).map((day) => (
            <section key={day.key} aria-label={day.label}>
              <Text as="p" size="1" color="gray" align="center" my="2">
                {day.label}
              </Text>
              <Flex asChild direction="column" gap="2" p="0" m="0">
                <ul>
                  {day.messages.map((message) => (
                    <MessageBubble key={message.id} message={message} />
                  ))}
                </ul>
              </Flex>
            </section>
          ))
        )}
      </Box>
      <MessageComposer
        disabledReason={disabledReason}
        pending={actions.sending}
        onSend={(body, onSent) => actions.sendMessage(data.phoneE164, body, onSent)}
        draft={
          pendingDraft && !data.optedOut
            ? {
                id: pendingDraft.id,
                text: pendingDraft.draft,
                pending: actions.decidingDraft,
                onSend: (text) => actions.sendDraft(data.id, text),
                onReject: () => actions.rejectDraft(data.id),
              }
            : undefined
        }
      />
      <AddContactDialog
        open={addingContact}
        onOpenChange={setAddingContact}
        initial={{ phonePrimary: data.phoneE164 }}
        onSubmit={addContact}
        pending={savingContact}
      />
      {callTarget && <OutboundCall target={callTarget} onDone={() => setCallTarget(undefined)} />}
    </Flex>
  );
}

/** A thread URL that names no number we can text: said plainly, with the way back. */
function ThreadNotFound({ phone }: { phone: string }) {
  return (
    <Flex direction="column" align="center" gap="3" p="6" style={{ textAlign: 'center' }}>
      <Heading as="h1" size="5">
        Conversation not found
      </Heading>
      <Text as="p" color="gray">
        “{phone}” is not a phone number a conversation can be held with.
      </Text>
      <Button asChild variant="soft">
        <Link to="/sms">
          <ArrowLeftIcon /> Back to messages
        </Link>
      </Button>
    </Flex>
  );
}
