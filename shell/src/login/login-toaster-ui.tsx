// The login page's lazily loaded toasts: the UI kit's Toaster, with the Radix Themes rules of the
// components it uses and the utilities (the page's inlined stylesheet covers only what the login screen
// itself renders). Component rules only: this sheet comes after the page's, and the reset it would
// otherwise carry again would undo rules of the page's own components (e.g. the fields' text indent).
import '@radix-ui/themes/components.css?radix-subset&responsive=false&dark=false&componentsOnly=true&components=Flex,Text,BaseButton,IconButton';
import '@radix-ui/themes/utilities.css?radix-subset&responsive=false&dark=false';
import { Toaster } from '@annie/ui/toast/toast';

export default Toaster;
