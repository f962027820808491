import type { WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { ToolContext } from '../google-apis.ts';
import { clip } from './clip.ts';
import { driveLiteral, usesFullText } from './drive-query.ts';

type ListType = WorkspaceToolParams['google_drive_list']['file_type'];
type CreateType = WorkspaceToolParams['google_drive_create']['file_type'];

const GOOGLE_MIME: Record<CreateType, string> = {
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
};

const TYPE_CLAUSE: Record<ListType, string | null> = {
  document: `mimeType = '${GOOGLE_MIME.document}'`,
  spreadsheet: `mimeType = '${GOOGLE_MIME.spreadsheet}'`,
  presentation: `mimeType = '${GOOGLE_MIME.presentation}'`,
  pdf: "mimeType = 'application/pdf'",
  image: "mimeType contains 'image/'",
  video: "mimeType contains 'video/'",
  any: null,
};

const FILE_FIELDS = 'id,name,mimeType,modifiedTime,webViewLink';

/**
 * Lists files matching Drive query clauses as compact entries: most recently changed first, or, for a
 * `fullText` query, by relevance (Drive refuses any `orderBy` with fullText terms, 403).
 */
export async function listFiles({ apis, call }: ToolContext, clauses: string[], pageSize: number) {
  const q = ['trashed = false', ...clauses].join(' and ');
  const byRelevance = usesFullText(q);
  const { data } = await apis.drive.files.list(
    {
      q,
      pageSize,
      ...(byRelevance ? {} : { orderBy: 'modifiedTime desc' }),
      fields: `files(${FILE_FIELDS})`,
    },
    call,
  );
  return (data.files ?? []).map((file) => ({
    id: file.id ?? '',
    name: clip(file.name ?? '', 300),
    mimeType: file.mimeType ?? null,
    modifiedTime: file.modifiedTime ?? null,
    link: file.webViewLink ?? null,
  }));
}

/** google_drive_list */
export async function driveList(context: ToolContext, params: WorkspaceToolParams['google_drive_list']) {
  const clauses = [
    params.query ? `name contains ${driveLiteral(params.query)}` : null,
    TYPE_CLAUSE[params.file_type],
  ].filter((clause): clause is string => clause !== null);
  return { files: await listFiles(context, clauses, params.max_results) };
}

/** google_drive_create: an empty native Google file (metadata only, so no media upload is involved). */
export async function driveCreate(
  { apis, call }: ToolContext,
  params: WorkspaceToolParams['google_drive_create'],
) {
  const { data } = await apis.drive.files.create(
    { requestBody: { name: params.name, mimeType: GOOGLE_MIME[params.file_type] }, fields: FILE_FIELDS },
    call,
  );
  return {
    file: {
      id: data.id ?? '',
      name: data.name ?? params.name,
      type: params.file_type,
      link: data.webViewLink ?? null,
    },
  };
}
