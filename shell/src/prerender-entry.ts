// The shell-prerender compilation's entry: every page rendered at build time.
export { renderLoginMarkup } from './login/login-markup.tsx';
export {
  renderLegalMarkup,
  renderPrivacyPolicyMarkup,
  renderTermsOfServiceMarkup,
} from './pages/legal-markup.tsx';
