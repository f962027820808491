// The Radix Themes CSS the login screen needs, instead of the whole styles.css: the base
// tokens, the colour scales in use (accent, gray, and the notices' red and green), the components on the
// screen and the non-responsive utilities, of which only the prop classes (sizes, spacing, variants) the
// prerendered screen uses, without the dark appearance (a dark page links the dark sheet the page's head
// names: src/appearance/dark-sheet.ts) or the other colours' mappings. No other sheet comes later (the
// page has no toasts: a later sheet's rules moved the card and grew the button). The page build inlines
// the result into index.html. See build-config's radix-css-subset.
import '@radix-ui/themes/tokens/base.css?radix-subset&dark=false&colors=indigo,gray,red,green';
import '@radix-ui/themes/tokens/colors/gray.css?radix-subset&dark=false';
import '@radix-ui/themes/tokens/colors/indigo.css?radix-subset&dark=false';
import '@radix-ui/themes/tokens/colors/red.css?radix-subset&dark=false';
import '@radix-ui/themes/tokens/colors/green.css?radix-subset&dark=false';
import '@radix-ui/themes/components.css?radix-subset&responsive=false&dark=false&components=Box,Flex,Text,Heading,Link,BaseCard,Card,TextFieldRoot,TextFieldInput,TextFieldSlot,BaseButton,Button&markup=shell-prerender.renderLoginMarkup';
import '@radix-ui/themes/utilities.css?radix-subset&responsive=false&dark=false&markup=shell-prerender.renderLoginMarkup';
