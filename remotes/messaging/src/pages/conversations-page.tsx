import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { formatDateAndTime } from '@annie/ui/format';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { useToast } from '@annie/ui/toast/toast';
import { ArrowLeftIcon, TrashIcon } from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Grid, Heading, IconButton, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useConversation, useConversations } from '../api/use-conversations.ts';
import { useDeleteConversation } from '../api/use-delete-conversation.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationMessages } from '../components/conversation-messages.tsx';

const Placeholder = ({ children }: { children: string }) => (
  <Text as="p" color="gray" align="center" my="6">
    {children}
  </Text>
);

/** Conversation History (/conversations): the list, the selected conversation, and Delete. */
export default function ConversationsPage() {
  const conversations = useConversations();
  const [selectedId, setSelectedId] = useState<string>();
  const selected = useConversation(selectedId);
  const [confirming, setConfirming] = useState(false);
  const { mutate: remove, isPending: deleting } = useDeleteConversation();
  const { toast } = useToast();

  function deleteSelected() {
    if (!selectedId) return;
    remove(selectedId, {
      onSuccess: () => {
        setSelectedId(undefined);
        setConfirming(false);
      },
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <Flex align="center" gap="3" mb="5">
        <IconButton asChild variant="ghost" aria-label="Back">
          <Link to="/">
            <ArrowLeftIcon />
          </Link>
        </IconButton>
        <Heading as="h1" size="7">
          Conversation History
        </Heading>
      </Flex>
      <Grid columns={{ initial: '1', md: '320px 1fr' }} gap="4">
        <Box>
          <LoadStatus
            loading={conversations.isPending}
            failed={conversations.isError}
            message="Failed to load conversations."
            onRetry={() => void conversations.refetch()}
            loadingText="Loading conversations..."
            space="6"
            data={conversations.data}
          >
            {(list) =>
              list.length === 0 ? (
                <Placeholder>No conversations yet</Placeholder>
              ) : (
                <ConversationList conversations={list} selectedId={selectedId} onSelect={setSelectedId} />
              )
            }
          </LoadStatus>
        </Box>
        <Card size="3">
          {!selectedId ? (
            <Box py="6" style={{ textAlign: 'center' }}>
              <Heading as="h2" size="4">
                Select a conversation
              </Heading>
              <Text as="p" color="gray" mt="2">
                Select a conversation from the list to view messages
              </Text>
            </Box>
          ) : (
            <LoadStatus
              loading={selected.isPending}
              failed={selected.isError}
              message="Failed to load the conversation."
              onRetry={() => void selected.refetch()}
              loadingText="Loading conversation..."
              space="6"
              data={selected.data}
            >
              {(conversation) => (
                <>
                  <Flex justify="between" align="center" mb="4" gap="3">
                    <Heading as="h2" size="4">
                      {conversation.title ?? formatDateAndTime(conversation.startedAt)}
                    </Heading>
                    <Button color="red" variant="soft" onClick={() => setConfirming(true)}>
                      <TrashIcon /> Delete
                    </Button>
                  </Flex>
                  <ConversationMessages conversation={conversation} />
                </>
              )}
            </LoadStatus>
          )}
        </Card>
      </Grid>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Conversation"
        description="Are you sure you want to delete this conversation? This action cannot be undone."
        confirmLabel="Delete"
        onConfirm={deleteSelected}
        pending={deleting}
      />
    </Box>
  );
}
