// Typed calls: the simple call page's calls, where the user types and the persona answers in text.
export { typedCallsModule } from './typed-calls.module.ts';
