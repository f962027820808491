// Typed calls: the simple call page's calls, where the user types and the persona answers in text.
export { typedCallsDomain } from './typed-calls.domain.ts';
