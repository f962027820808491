import {
  APPEARANCE_CHOICES,
  APPEARANCE_LABELS,
  type AppearanceChoice,
  useAppearanceChoice,
} from '@annie/ui/appearance/appearance';
import { DropdownMenu } from '@radix-ui/themes';

/**
 * The appearance toggle, as items of a dropdown menu (the user menu): System (follows
 * `prefers-color-scheme`), Light or Dark, remembered in this browser.
 */
export function AppearanceMenuItems() {
  const [choice, setChoice] = useAppearanceChoice();
  return (
    <>
      <DropdownMenu.Label>Appearance</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={choice} onValueChange={(value) => setChoice(value as AppearanceChoice)}>
        {APPEARANCE_CHOICES.map((option) => (
          <DropdownMenu.RadioItem key={option} value={option}>
            {APPEARANCE_LABELS[option]}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </>
  );
}
