// Stands in for zod's locale index (zod/v4/locales/index.js) in the browser builds: the English messages
// zod configures by default, without the fifty other languages (~35 KB br) that would otherwise ship with
// zod as a shared singleton (a shared module keeps every export). The product sets no other locale.
export { default as en } from 'zod/v4/locales/en.js';
