// The Radix Themes CSS the login screen needs, instead of the whole styles.css (~88 KB gzip): the base
// tokens, the colour scales in use (accent, gray, and the toasts' red and green), the components on the
// screen and the non-responsive utilities. See build-config's radix-css-subset.
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/gray.css';
import '@radix-ui/themes/tokens/colors/indigo.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/components.css?radix-subset&responsive=false&components=Box,Flex,Text,Heading,BaseCard,Card,TextFieldRoot,TextFieldInput,TextFieldSlot,BaseButton,Button,IconButton,Spinner,SpinnerLeaf';
import '@radix-ui/themes/utilities.css?radix-subset&responsive=false';
