import { MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { TextField } from '@radix-ui/themes';

type SearchFieldProps = {
  /** The visible placeholder, e.g. "Search contacts...". */
  placeholder: string;
  /** The accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/** The large search box with a magnifier that list pages put above their results. */
export function SearchField({ placeholder, label, value, onChange }: SearchFieldProps) {
  return (
    <TextField.Root
      size="3"
      type="search"
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      mb="4"
    >
      <TextField.Slot>
        <MagnifyingGlassIcon />
      </TextField.Slot>
    </TextField.Root>
  );
}
