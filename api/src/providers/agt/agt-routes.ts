import {
  AGT_POST_PATHS,
  AGT_SUPPLIER_SEARCH_PREFIX,
  type AgtMethod,
  CHEMICAL_NAME_PATTERN,
} from '@annie/contracts/agt';

/** A provider call the server is willing to make: a fixed method and a path built from the allow-list. */
export type AgtRoute = { method: AgtMethod; path: string };

export type AgtRouteResult = { ok: true; route: AgtRoute } | { ok: false; message: string };

const POST_PATHS = new Set<string>(AGT_POST_PATHS);
const NOT_ALLOWED = 'Path is not an allowed chemistry provider path';

/** The supplier-search route for a chemical name, or null when the name could change the path. */
export function supplierSearchRoute(chemicalName: string): AgtRoute | null {
  if (!CHEMICAL_NAME_PATTERN.test(chemicalName)) return null;
  return { method: 'GET', path: `${AGT_SUPPLIER_SEARCH_PREFIX}${encodeURIComponent(chemicalName)}` };
}

/**
 * Matches a client-supplied path against the allow-listed paths by exact comparison, so an
 * absolute URL, `//host`, `..`, a query string, a backslash, a trailing slash or any percent-encoding
 * simply matches nothing. Each path has one method; any other is refused.
 */
export function resolveAgtRoute(path: string, method: string): AgtRouteResult {
  if (POST_PATHS.has(path)) {
    return method === 'POST'
      ? { ok: true, route: { method: 'POST', path } }
      : { ok: false, message: `Method must be POST for ${path}` };
  }
  if (path.startsWith(AGT_SUPPLIER_SEARCH_PREFIX)) {
    const route = supplierSearchRoute(path.slice(AGT_SUPPLIER_SEARCH_PREFIX.length));
    if (!route) return { ok: false, message: NOT_ALLOWED };
    return method === 'GET'
      ? { ok: true, route }
      : { ok: false, message: 'Method must be GET for a supplier search' };
  }
  return { ok: false, message: NOT_ALLOWED };
}
