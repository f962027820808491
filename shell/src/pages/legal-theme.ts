// The Radix Themes CSS the public legal pages need (see login-theme.ts for the approach): the base tokens,
// the gray and indigo scales, the components on the pages and the prop classes their markup uses, light
// only: a dark page links the dark sheet its head names (src/appearance/dark-sheet.ts).
import '@radix-ui/themes/tokens/base.css?radix-subset&dark=false&colors=indigo,gray';
import '@radix-ui/themes/tokens/colors/gray.css?radix-subset&dark=false';
import '@radix-ui/themes/tokens/colors/indigo.css?radix-subset&dark=false';
import '@radix-ui/themes/components.css?radix-subset&responsive=false&dark=false&components=Box,Flex,Text,Heading,Link,Container&markup=shell-prerender.renderLegalMarkup';
import '@radix-ui/themes/utilities.css?radix-subset&responsive=false&dark=false&markup=shell-prerender.renderLegalMarkup';
