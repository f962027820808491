// What the docs check reads from Markdown: headings (and the anchors GitHub gives them), links, and
// code spans, each with its line; fenced code blocks are not prose and are skipped.

export interface Located {
  line: number;
  text: string;
}

/** The lines of `markdown` outside fenced code blocks, numbered from 1. */
export function proseLines(markdown: string): Located[] {
  const lines: Located[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(```+|~~~+)/.exec(text)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
      return;
    }
    if (fence === undefined) lines.push({ line: index + 1, text });
  });
  return lines;
}

/** A heading's text without its Markdown: link targets, code ticks and emphasis dropped. */
export function headingText(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim();
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/ /g, '-');
}

/** The headings of `markdown` (ATX `#` headings outside code), with their anchors (`-1`, `-2` for repeats). */
export function headings(markdown: string): { text: string; anchor: string; line: number }[] {
  const seen = new Map<string, number>();
  return proseLines(markdown).flatMap(({ line, text }) => {
    const match = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text);
    if (!match?.[1]) return [];
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return [{ text: headingText(match[1]), anchor: count === 0 ? base : `${base}-${count}`, line }];
  });
}

/** `text` with its code spans blanked out (same length), so a link inside backticks is not a link. */
function withoutCode(text: string): string {
  return text.replace(/(`+)(.+?)\1/g, (span) => ' '.repeat(span.length));
}

/** Inline links and images `[text](target)`, and reference definitions `[label]: target`. */
export function links(markdown: string): Located[] {
  return proseLines(markdown).flatMap(({ line, text }) => {
    const prose = withoutCode(text);
    const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
    const reference = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose)?.[1];
    return [...inline, ...(reference ? [reference] : [])].flatMap((target) =>
      target ? [{ line, text: target }] : [],
    );
  });
}

/** The contents of the code spans in `markdown`'s prose. */
export function codeSpans(markdown: string): Located[] {
  return proseLines(markdown).flatMap(({ line, text }) =>
    [...text.matchAll(/(`+)(.+?)\1/g)].flatMap((match) =>
      match[2] ? [{ line, text: match[2].trim() }] : [],
    ),
  );
}
