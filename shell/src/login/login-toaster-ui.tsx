// The login page's lazily loaded toasts: the UI kit's Toaster, with the Radix Themes rules of the
// components it uses and of the prop classes it renders (`classes=`: login-toaster-ui.test.tsx renders
// every kind of toast and checks the list holds all it uses; the page's inlined stylesheet covers only
// what the login screen itself renders). Component rules only: this sheet comes after the page's, and
// the reset it would otherwise carry again would undo rules of the page's own components (e.g. the
// fields' text indent).
import '@radix-ui/themes/components.css?radix-subset&responsive=false&dark=false&componentsOnly=true&components=Flex,Text,BaseButton,IconButton&classes=rt-high-contrast,rt-r-ai-start,rt-r-fd-column,rt-r-fg-1,rt-r-gap-1,rt-r-gap-3,rt-r-size-1,rt-r-size-2,rt-r-weight-bold,rt-variant-ghost';
import '@radix-ui/themes/utilities.css?radix-subset&responsive=false&dark=false&classes=rt-high-contrast,rt-r-ai-start,rt-r-fd-column,rt-r-fg-1,rt-r-gap-1,rt-r-gap-3,rt-r-size-1,rt-r-size-2,rt-r-weight-bold,rt-variant-ghost';
import { Toaster } from '@annie/ui/toast/toast';

export default Toaster;
