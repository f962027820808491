import type { LoaderContext } from '@rspack/core';
import { loadPrerendered, prerenderedFile } from './prerender-config.ts';
import {
  classesOf,
  PRODUCT_RESPONSIVE_PROPS,
  parseSubsetQuery,
  radixPropClasses,
  subsetRadixCss,
} from './radix-css-subset.ts';

/**
 * Rspack loader applying `subsetRadixCss` to a Radix Themes stylesheet imported with a `?radix-subset`
 * query (`&responsiveProps` resolved against the app's Radix Themes). In production,
 * `&markup=<prerender compilation>.<export>` keeps only the prop classes that markup (rendered at build
 * time by a compilation this one depends on) uses; development builds, which do not prerender, keep
 * them all.
 */
export default function radixCssSubsetLoader(this: LoaderContext, source: string): string {
  const options = parseSubsetQuery(this.resourceQuery);
  const params = new URLSearchParams(this.resourceQuery.replace(/^\?/, ''));
  // `&responsiveProps`: only the breakpoint variants of the classes of the props the product makes responsive.
  if (params.has('responsiveProps')) {
    options.responsiveClasses = radixPropClasses(this.rootContext, PRODUCT_RESPONSIVE_PROPS);
  }
  const markup = params.get('markup');
  if (markup && this.mode === 'production') {
    const [name = '', exportName = ''] = markup.split('.');
    this.addDependency(prerenderedFile(this.rootContext, name));
    options.usedClasses = classesOf(loadPrerendered(this.rootContext, name, exportName));
  }
  return subsetRadixCss(source, options);
}
