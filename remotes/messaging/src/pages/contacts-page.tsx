import { useContacts } from '@annie/api-client/contacts/use-contacts';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { IncrementalList } from '@annie/ui/incremental-list/incremental-list';
import { LoadFailed } from '@annie/ui/load-failed/load-failed';
import { PageHeader } from '@annie/ui/page-header/page-header';
import { SearchField } from '@annie/ui/search-field/search-field';
import { PersonIcon, PlusIcon, StarFilledIcon } from '@radix-ui/react-icons';
import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useDeferredValue, useMemo, useState } from 'react';
import { AddContactDialog } from '../components/add-contact-dialog.tsx';
import { ContactRow } from '../components/contact-row.tsx';
import { useAddContact } from '../hooks/use-add-contact.ts';
import { type ContactGroup, groupContacts } from '../lib/contact-groups.ts';

// Groups are flattened into one list of headings and rows, so a long address book renders a step at a time.
type ListItem =
  | { kind: 'group'; group: ContactGroup }
  | { kind: 'contact'; entry: ContactGroup['entries'][number] };

/** The Contacts screen (/contacts): search, Favorites then letters, and Add Contact. */
export default function ContactsPage() {
  const contacts = useContacts();
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const { addContact, adding: saving } = useAddContact();
  const deferredQuery = useDeferredValue(query);
  const items = useMemo(
    () =>
      groupContacts(contacts.data ?? [], deferredQuery).flatMap((group): ListItem[] => [
        { kind: 'group', group },
        ...group.entries.map((entry) => ({ kind: 'contact' as const, entry })),
      ]),
    [contacts.data, deferredQuery],
  );
  // The same element while the results stand: a keystroke re-renders the search box, not the rows.
  const list = useMemo(
    () => (
      <IncrementalList items={items}>
        {(visible) => (
          <Flex asChild direction="column" gap="2" p="0" m="0">
            <ul aria-label="Contacts">
              {visible.map((item) =>
                item.kind === 'group' ? (
                  <li key={`group-${item.group.key}`} style={{ listStyle: 'none' }}>
                    <Heading as="h2" size="3" color="gray" mt="3">
                      <Flex align="center" gap="1">
                        {item.group.favorites && <StarFilledIcon aria-hidden />}
                        {item.group.label}
                      </Flex>
                    </Heading>
                  </li>
                ) : (
                  <ContactRow key={item.entry.contact.id} entry={item.entry} />
                ),
              )}
            </ul>
          </Flex>
        )}
      </IncrementalList>
    ),
    [items],
  );

  return (
    <Box p={{ initial: '4', md: '6' }}>
      <PageHeader
        title="Contacts"
        actions={
          <Button onClick={() => setAdding(true)} aria-label="Add contact">
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
      {contacts.isPending ? (
        <Text as="p" color="gray" align="center" my="8">
          Loading contacts...
        </Text>
      ) : contacts.isError ? (
        <LoadFailed
          message="Failed to load contacts."
          onRetry={() => void contacts.refetch()}
          details={contacts.error.message}
        />
      ) : contacts.data.length === 0 ? (
        <EmptyState
          icon={<PersonIcon width={32} height={32} />}
          title="No contacts yet"
          description="Add contacts for Annie to remember"
        />
      ) : items.length === 0 ? (
        <EmptyState title="No matching contacts" description={`Nothing matches "${deferredQuery}"`} />
      ) : (
        list
      )}
      <AddContactDialog open={adding} onOpenChange={setAdding} onSubmit={addContact} pending={saving} />
    </Box>
  );
}
