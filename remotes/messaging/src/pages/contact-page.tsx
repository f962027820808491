import { isApiError } from '@annie/api-client/http';
import type { Contact } from '@annie/contracts/contacts';
import { ConfirmDialog } from '@annie/ui/confirm-dialog/confirm-dialog';
import { EmptyState } from '@annie/ui/empty-state/empty-state';
import { LoadStatus } from '@annie/ui/load-status/load-status';
import {
  ArrowLeftIcon,
  ChatBubbleIcon,
  MobileIcon,
  StarFilledIcon,
  StarIcon,
  TrashIcon,
} from '@radix-ui/react-icons';
import { Box, Button, Card, Flex, Heading, IconButton } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useContact } from '../api/use-contact.ts';
import { ContactAvatar } from '../components/contact-avatar.tsx';
import { ContactFields } from '../components/contact-fields.tsx';
import { ContactTimeline } from '../components/contact-timeline.tsx';
import { OutboundCall } from '../components/outbound-call.tsx';
import { useContactActions } from '../hooks/use-contact-actions.ts';
import { type ContactFormErrors, contactToForm, validateContactForm } from '../lib/contact-form.ts';

/**
 * A contact (/contacts/:id): the history with them (texts, calls, messages left, requests), Message and
 * Call (asking the purpose first), one favourite star, every field to edit, delete.
 */
export default function ContactPage() {
  const { id = '' } = useParams();
  const contact = useContact(id);
  // Here, not in the editor: the editor is remounted from each saved version (keyed by updatedAt), and a
  // save's refetch can bring that version back before the save settles; a mutation's per-call callbacks
  // (the notices) are dropped once the component that started it has unmounted.
  const actions = useContactActions(id);

  return (
    <Box p={{ initial: '4', md: '6' }} maxWidth="760px">
      <Button asChild variant="ghost" color="gray" mb="4">
        <Link to="/contacts">
          <ArrowLeftIcon /> Contacts
        </Link>
      </Button>
      {isApiError(contact.error) && contact.error.status === 404 ? (
        <EmptyState title="Contact not found" description="It may have been deleted." />
      ) : (
        <LoadStatus
          loading={contact.isPending}
          failed={contact.isError}
          message="Failed to load the contact."
          onRetry={() => void contact.refetch()}
          data={contact.data}
        >
          {(loaded) => <ContactEditor key={loaded.updatedAt} contact={loaded} actions={actions} />}
        </LoadStatus>
      )}
    </Box>
  );
}

function ContactEditor({
  contact,
  actions,
}: {
  contact: Contact;
  actions: ReturnType<typeof useContactActions>;
}) {
  const navigate = useNavigate();
  const { save, remove, saving, deleting } = actions;
  const [values, setValues] = useState(() => contactToForm(contact));
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [confirming, setConfirming] = useState(false);
  const [calling, setCalling] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateContactForm(values);
    setErrors(checked.errors ?? {});
    if (checked.request) save(checked.request);
  }

  return (
    <>
      <Flex align="center" gap="3" mb="4" wrap="wrap">
        <ContactAvatar name={contact.name} photoUrl={contact.photoUrl} size="4" />
        <Heading as="h1" size="7">
          {contact.name}
        </Heading>
        <IconButton
          variant="ghost"
          color="amber"
          aria-label={contact.isFavorite ? 'Remove from favorites' : 'Add to favorites'}
          aria-pressed={contact.isFavorite}
          onClick={() =>
            save(
              { isFavorite: !contact.isFavorite },
              contact.isFavorite ? 'Removed from favorites' : 'Added to favorites',
            )
          }
        >
          {contact.isFavorite ? <StarFilledIcon /> : <StarIcon />}
        </IconButton>
        <Flex gap="2" ml="auto">
          {contact.phonePrimary && (
            <Button asChild variant="soft">
              <Link to={`/sms/${encodeURIComponent(contact.phonePrimary)}`}>
                <ChatBubbleIcon /> Text
              </Link>
            </Button>
          )}
          {contact.phonePrimary && (
            <Button variant="soft" onClick={() => setCalling(true)}>
              <MobileIcon /> Call
            </Button>
          )}
          <Button variant="soft" color="red" onClick={() => setConfirming(true)}>
            <TrashIcon /> Delete
          </Button>
        </Flex>
      </Flex>
      {contact.phonePrimary && (
        <ContactTimeline phone={contact.phonePrimary} name={contact.nickname || contact.name} />
      )}
      <Card size="3">
        <form onSubmit={submit} noValidate aria-label="Contact details">
          <ContactFields
            showFavorite={false}
            values={values}
            errors={errors}
            onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
          />
          <Flex justify="end" mt="4">
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Flex>
        </form>
      </Card>
      {calling && contact.phonePrimary && (
        <OutboundCall
          target={{ phone: contact.phonePrimary, name: contact.name }}
          onDone={() => setCalling(false)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Contact"
        description={`Are you sure you want to delete ${contact.name}? Their messages stay under the phone number.`}
        onConfirm={() => remove(() => navigate('/contacts'))}
        pending={deleting}
      />
    </>
  );
}
