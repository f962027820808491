import type { LoaderContext } from '@rspack/core';
import { parseSubsetQuery, subsetRadixCss } from './radix-css-subset.ts';

/** Rspack loader applying `subsetRadixCss` to a Radix Themes stylesheet imported with a `?radix-subset` query. */
export default function radixCssSubsetLoader(this: LoaderContext, source: string): string {
  return subsetRadixCss(source, parseSubsetQuery(this.resourceQuery));
}
