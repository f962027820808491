import { Avatar } from '@radix-ui/themes';

type Props = { name: string; photoUrl: string | null | undefined; size?: '2' | '3' | '4' };

/** The contact's photo, or the first letter of their name. */
export function ContactAvatar({ name, photoUrl, size = '3' }: Props) {
  return (
    <Avatar
      size={size}
      radius="full"
      src={photoUrl ?? undefined}
      alt=""
      fallback={name.trim().charAt(0).toUpperCase() || '?'}
    />
  );
}
