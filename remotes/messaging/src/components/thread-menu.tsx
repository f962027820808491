import { useAssistantName } from '@annie/api-client/settings/use-app-settings';
import type { ResponsePreference, SmsThreadDetail } from '@annie/contracts/sms';
import { responsePreferenceSchema } from '@annie/contracts/sms';
import { DotsVerticalIcon } from '@radix-ui/react-icons';
import { DropdownMenu, IconButton } from '@radix-ui/themes';
import { useNavigate } from 'react-router-dom';
import { SMS_PREFERENCE_LABEL } from '../lib/sms-preference.ts';

type Props = {
  thread: SmsThreadDetail;
  /** Why the assistant writes no drafts (OpenAI not configured); undefined when she does. */
  draftsOffReason?: string;
  onPreference: (preference: ResponsePreference) => void;
};

/** The thread menu: how the assistant answers this thread, and a link to the contact. */
export function ThreadMenu({ thread, draftsOffReason, onPreference }: Props) {
  const navigate = useNavigate();
  const assistantName = useAssistantName();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" aria-label="Conversation menu">
          <DotsVerticalIcon />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Label>{assistantName}'s replies</DropdownMenu.Label>
        <DropdownMenu.RadioGroup
          value={thread.responsePreference}
          onValueChange={(value) => onPreference(responsePreferenceSchema.parse(value))}
        >
          {responsePreferenceSchema.options.map((option) => (
            <DropdownMenu.RadioItem key={option} value={option}>
              {SMS_PREFERENCE_LABEL[option]}
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
        {draftsOffReason && <DropdownMenu.Label>{draftsOffReason}</DropdownMenu.Label>}
        {thread.contact && (
          <>
            <DropdownMenu.Separator />
            <DropdownMenu.Item onSelect={() => navigate(`/contacts/${thread.contact?.id}`)}>
              View contact
            </DropdownMenu.Item>
          </>
        )}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
