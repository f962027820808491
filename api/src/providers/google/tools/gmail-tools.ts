import type { WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { ToolContext } from '../google-apis.ts';
import { clip } from './clip.ts';

const SNIPPET_MAX = 200;
/** Gmail answers 429 to a user with too many requests in flight; a handful at a time stays clear of it. */
const GMAIL_CONCURRENT_GETS = 5;

/** `items.map(work)` with at most `limit` in progress at once; answers in the items' order. */
async function mapConcurrently<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One message as the model reads it: who, what, when, a snippet, and whether it is unread. */
export type MailSummary = {
  id: string;
  from: string;
  subject: string;
  date: string | null;
  snippet: string;
  unread: boolean;
};

/** Lists messages matching a Gmail query, newest first, as compact summaries. */
export async function listMail(
  { apis, call }: ToolContext,
  query: string | undefined,
  maxResults: number,
): Promise<MailSummary[]> {
  const list = await apis.gmail.users.messages.list(
    { userId: 'me', q: query || undefined, maxResults },
    call,
  );
  const ids = (list.data.messages ?? []).flatMap((message) => (message.id ? [message.id] : []));
  const messages = await mapConcurrently(ids, GMAIL_CONCURRENT_GETS, (id) =>
    apis.gmail.users.messages.get(
      { userId: 'me', id, format: 'metadata', metadataHeaders: ['From', 'Subject', 'Date'] },
      call,
    ),
  );
  return messages.map(({ data }) => {
    const header = (name: string) => data.payload?.headers?.find((item) => item.name === name)?.value ?? '';
    return {
      id: data.id ?? '',
      from: clip(header('From'), 200),
      subject: clip(header('Subject'), 300),
      date: data.internalDate ? new Date(Number(data.internalDate)).toISOString() : null,
      snippet: clip(data.snippet ?? '', SNIPPET_MAX),
      unread: data.labelIds?.includes('UNREAD') ?? false,
    };
  });
}

/** google_gmail_list */
export async function gmailList(context: ToolContext, params: WorkspaceToolParams['google_gmail_list']) {
  const query = [params.query, params.unread_only ? 'is:unread' : ''].filter(Boolean).join(' ');
  return { messages: await listMail(context, query, params.max_results) };
}

// Non-ASCII subjects go out as RFC 2047 encoded words; CR/LF never reach a header.
const headerText = (value: string) => {
  const flat = value.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(flat) ? flat : `=?UTF-8?B?${Buffer.from(flat, 'utf8').toString('base64')}?=`;
};

/** The RFC 5322 message Gmail's `raw` field carries (base64url). */
export function rawMessage(params: WorkspaceToolParams['google_gmail_send']): string {
  const lines = [
    `To: ${params.to.join(', ')}`,
    ...(params.cc?.length ? [`Cc: ${params.cc.join(', ')}`] : []),
    `Subject: ${headerText(params.subject)}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset="UTF-8"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(params.body, 'utf8').toString('base64'),
  ];
  return Buffer.from(lines.join('\r\n'), 'utf8').toString('base64url');
}

/** google_gmail_send */
export async function gmailSend(
  { apis, call }: ToolContext,
  params: WorkspaceToolParams['google_gmail_send'],
) {
  const { data } = await apis.gmail.users.messages.send(
    { userId: 'me', requestBody: { raw: rawMessage(params) } },
    call,
  );
  return { id: data.id ?? null, threadId: data.threadId ?? null, to: params.to, subject: params.subject };
}
