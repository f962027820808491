/**
 * The file types a remote's build is made of (scripts, styles, its JSON manifests, source maps, fonts,
 * images, each optionally with its `.br`/`.gz` sibling): nothing else is accepted or served. No HTML:
 * a page from the app's origin could act as the app.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

export const ALLOWED_EXTENSIONS = Object.keys(CONTENT_TYPES);

const extensionOf = (path: string) =>
  /\.[a-z0-9]+$/i.exec(path.replace(/\.(br|gz)$/, ''))?.[0]?.toLowerCase() ?? '';

/** The content type a release file is served with (its `.br`/`.gz` siblings: that of the original). */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extensionOf(path)] ?? 'application/octet-stream';
}

/** Source maps are accepted in a build but never stored: they are not public. */
export const isSourceMap = (path: string) => /\.map(\.(br|gz))?$/.test(path);

// A relative path inside a build: no `..`, no absolute path, no hidden segment.
const SAFE_PATH = /^(?!.*(?:^|\/)\.)[A-Za-z0-9@_+\-./]+$/;

/** Why a build's file cannot be published (its path or type), or undefined. */
export function fileProblem(path: string): string | undefined {
  if (!SAFE_PATH.test(path) || path.length > 300)
    return `Cannot publish the file ${path}: only plain relative paths`;
  if (!CONTENT_TYPES[extensionOf(path)])
    return `Cannot publish the file ${path}: a remote's build holds only ${ALLOWED_EXTENSIONS.join(' ')} files (and their .br/.gz)`;
  return undefined;
}
