import { APPEARANCE_SCRIPT, DARK_SHEET_META } from '@annie/contracts/page-scripts';
import { type Compiler, rspack } from '@rspack/core';

/**
 * `html` with, at the end of its head (after its stylesheets, which the dark sheet must follow to win
 * over their light tokens), the dark stylesheet's URL in its DARK_SHEET_META and APPEARANCE_SCRIPT,
 * which applies the appearance before the first paint.
 */
export function withAppearanceHead(html: string, darkSheetHref: string): string {
  if (!html.includes('</head>')) throw new Error('the page has no </head> for the appearance script');
  const meta = `<meta name="${DARK_SHEET_META}" content="${darkSheetHref.replace(/[&"<>]/g, '')}">`;
  return html.replace('</head>', () => `${meta}<script>${APPEARANCE_SCRIPT}</script></head>`);
}

/**
 * Puts the appearance head (withAppearanceHead) into every HTML page of the compilation, the dark sheet
 * being the stylesheet of the entry `darkEntry` (which no page links: only a dark page fetches it).
 */
export class AppearanceHeadPlugin {
  readonly #darkEntry: string;
  readonly #publicPath: string;

  constructor(darkEntry: string, publicPath: string) {
    this.#darkEntry = darkEntry;
    this.#publicPath = publicPath;
  }

  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('AppearanceHeadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'AppearanceHeadPlugin',
        async (data) => {
          const files = compilation.entrypoints.get(this.#darkEntry)?.getFiles() ?? [];
          const sheet = files.find((file) => file.endsWith('.css'));
          if (!sheet) throw new Error(`the entry ${this.#darkEntry} has no stylesheet`);
          data.html = withAppearanceHead(data.html, `${this.#publicPath}${sheet}`);
          return data;
        },
      );
    });
  }
}
