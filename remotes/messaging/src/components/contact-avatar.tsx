import { PersonIcon } from '@radix-ui/react-icons';
import { Avatar } from '@radix-ui/themes';

type Props = { name: string; photoUrl: string | null | undefined; size?: '2' | '3' | '4' };

/** The contact's photo, or the first letter of their name; a person's outline for a bare number. */
export function ContactAvatar({ name, photoUrl, size = '3' }: Props) {
  const initial = name.trim().charAt(0).toUpperCase();
  return (
    // Decorative: the name is beside it, so its initial is not read as part of a link's name. Radix's
    // Avatar does not pass aria-hidden to its fallback, so a wrapper hides it.
    <span aria-hidden="true" style={{ display: 'inline-flex', flexShrink: 0 }}>
      <Avatar
        size={size}
        radius="full"
        src={photoUrl ?? undefined}
        alt=""
        color={/\p{L}/u.test(initial) ? undefined : 'gray'}
        fallback={/\p{L}/u.test(initial) ? initial : <PersonIcon aria-hidden width={18} height={18} />}
      />
    </span>
  );
}
