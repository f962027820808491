/**
 * The packages every app shares as singletons (remotes rely on the shell's instance of each), and the
 * subpath imports of them that are separate modules shared on their own. Plain data: the build's shared
 * map (`@annie/build-config`) and the API's compatibility gate for published remotes both read it.
 */
export const SINGLETON_PACKAGES = [
  'react',
  'react-dom',
  '@tanstack/react-query',
  '@radix-ui/themes',
  'react-router-dom',
  // The contracts' runtime checks: one copy (the shell's) instead of one per remote.
  // Every app lists it in its package.json, which is where its version is read from.
  'zod',
] as const;

/** Subpath imports of a singleton package that are separate modules, with the package they belong to. */
export const SINGLETON_SUBPATHS: Readonly<Record<string, (typeof SINGLETON_PACKAGES)[number]>> = {
  'react/jsx-runtime': 'react',
  'react-dom/client': 'react-dom',
};
