import { formatPhone } from '@annie/ui/format';
import { useDebouncedValue } from '@annie/ui/search-field/use-debounced-value';
import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Box, Dialog, Flex, Text, TextField } from '@radix-ui/themes';
import { type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type PaletteItem, paletteScreens } from './palette-items.ts';
import { usePaletteContacts } from './use-palette-contacts.ts';

function PaletteOption({
  item,
  id,
  selected,
  onPick,
}: {
  item: PaletteItem;
  id: string;
  selected: boolean;
  onPick: () => void;
}) {
  return (
    // A listbox option: the input keeps focus (aria-activedescendant), a click picks it.
    <Flex
      id={id}
      role="option"
      aria-selected={selected}
      justify="between"
      gap="3"
      px="3"
      py="2"
      onClick={onPick}
      style={{
        cursor: 'pointer',
        borderRadius: 'var(--radius-2)',
        background: selected ? 'var(--accent-a4)' : undefined,
      }}
    >
      <Text size="2">{item.label}</Text>
      <Text size="1" color="gray">
        {item.detail ?? (item.kind === 'screen' ? 'Screen' : 'Contact')}
      </Text>
    </Flex>
  );
}

/**
 * The ⌘K palette: type to find a screen (of those this user may open) or a contact (the contacts API's
 * search), arrows to move, Enter to open. Loaded on its first opening, so the first screen does not carry it.
 */
export function CommandPalette({
  open,
  onOpenChange,
  isAdmin,
  manageReleases,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  isAdmin: boolean;
  manageReleases: boolean;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const contacts = usePaletteContacts(useDebouncedValue(query, 150));
  const items: PaletteItem[] = [
    ...paletteScreens(query, isAdmin, manageReleases),
    ...(contacts.data ?? []).map(({ contact }) => ({
      kind: 'contact' as const,
      id: `contact:${contact.id}`,
      label: contact.name,
      detail: contact.phonePrimary ? formatPhone(contact.phonePrimary) : 'Contact',
      to: `/contacts/${contact.id}`,
    })),
  ];
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const optionId = (index: number) => `${listId}-${index}`;

  function pick(item: PaletteItem | undefined) {
    if (!item) return;
    onOpenChange(false);
    navigate(item.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % Math.max(items.length, 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(items[current]);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="520px"
        aria-describedby={undefined}
        style={{ alignSelf: 'start', marginTop: '10vh' }}
      >
        <Dialog.Title size="3" mb="3">
          Go to a screen or a contact
        </Dialog.Title>
        <TextField.Root
          placeholder="Search screens and contacts…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          role="combobox"
          aria-label="Search screens and contacts"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
          aria-autocomplete="list"
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
        <Box
          id={listId}
          role="listbox"
          aria-label="Results"
          mt="3"
          style={{ maxHeight: '50vh', overflowY: 'auto' }}
        >
          {items.map((item, index) => (
            <PaletteOption
              key={item.id}
              item={item}
              id={optionId(index)}
              selected={index === current}
              onPick={() => pick(item)}
            />
          ))}
          {items.length === 0 && (
            <Box px="3" py="2">
              <Text as="p" size="2" color="gray">
                {contacts.isFetching ? 'Searching…' : 'Nothing matches'}
              </Text>
            </Box>
          )}
        </Box>
      </Dialog.Content>
    </Dialog.Root>
  );
}
