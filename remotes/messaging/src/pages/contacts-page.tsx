import { useContacts } from '@annie/api-client/contacts/use-contacts';
import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { ShowMore } from '@annie/ui/incremental-list/show-more';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { SearchField } from '@annie/ui/search-field/search-field';
import { useDebouncedValue } from '@annie/ui/search-field/use-debounced-value';
import { PersonIcon, PlusIcon, StarFilledIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Heading } from '@radix-ui/themes';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { AddContactDialog } from '../components/add-contact-dialog.tsx';
import { ContactRow } from '../components/contact-row.tsx';
import { OutboundCall } from '../components/outbound-call.tsx';
import { useAddContact } from '../hooks/use-add-contact.ts';
import { useAddParam } from '../hooks/use-add-param.ts';
import type { CallTarget } from '../lib/call-target.ts';
import type { ContactFormValues } from '../lib/contact-form.ts';
import { groupContacts } from '../lib/contact-groups.ts';

/**
 * The Contacts screen (/contacts): search, Favorites then letters, a page at a time, and Add Contact; a
 * row's call button asks what the call is for before the assistant phones. `?add=<number>` (the "Add to
 * contacts" links) opens Add Contact with that number filled in.
 */
export default function ContactsPage() {
  const assistantName = useAssistantName();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim());
  const { query: list, contacts } = useContacts(search);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const showMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  const [adding, setAdding] = useState(false);
  // Filled in advance when Add Contact was opened from a link; the Add button starts from an empty form.
  const [prefill, setPrefill] = useState<Partial<ContactFormValues>>();
  const openAdd = useCallback((filled?: Partial<ContactFormValues>) => {
    setPrefill(filled);
    setAdding(true);
  }, []);
  useAddParam((phone) => openAdd({ phonePrimary: phone }));
  const { addContact, adding: saving } = useAddContact();
  const [callTarget, setCallTarget] = useState<CallTarget>();
  const callContact = useCallback((phone: string, name: string) => setCallTarget({ phone, name }), []);
  // The same element while the results stand: a keystroke re-renders the search box, not the rows.
  const rows = useMemo(
    () => (
      <Flex asChild direction="column" gap="2" p="0" m="0">
        <ul aria-label="Contacts">
          {groupContacts(contacts ?? []).map((group) => (
            <Fragment key={group.key}>
              <li style={{ listStyle: 'none' }}>
                <Heading as="h2" size="3" color="gray" mt="3">
                  <Flex align="center" gap="1">
                    {group.favorites && <StarFilledIcon aria-hidden />}
                    {group.label}
                  </Flex>
                </Heading>
              </li>
              {group.entries.map((entry) => (
                <ContactRow key={entry.contact.id} entry={entry} onCall={callContact} />
              ))}
            </Fragment>
          ))}
        </ul>
      </Flex>
    ),
    [contacts, callContact],
  );

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader
        title="Contacts"
        actions={
          <Button onClick={() => openAdd()} aria-label="Add contact">
            <PlusIcon /> Add
          </Button>
        }
      />
      <SearchField
        placeholder="Search contacts..."
        label="Search contacts"
        value={query}
        onChange={setQuery}
      />
      <LoadStatus
        loading={list.isPending}
        failed={list.isError}
        message="Failed to load contacts."
        onRetry={() => void list.refetch()}
        details={list.error?.message}
        loadingText="Loading contacts..."
      >
        {!contacts?.length && search ? (
          <EmptyState title="No matching contacts" description={`Nothing matches "${search}"`} />
        ) : !contacts?.length ? (
          <EmptyState
            icon={<PersonIcon width={32} height={32} />}
            title="No contacts yet"
            description={`Add contacts for ${assistantName} to remember`}
          />
        ) : (
          <>
            {rows}
            <ShowMore hasMore={hasNextPage} onShowMore={showMore} />
          </>
        )}
      </LoadStatus>
      <AddContactDialog
        open={adding}
        onOpenChange={setAdding}
        initial={prefill}
        onSubmit={addContact}
        pending={saving}
      />
      {callTarget && <OutboundCall target={callTarget} onDone={() => setCallTarget(undefined)} />}
    </Box>
  );
}
