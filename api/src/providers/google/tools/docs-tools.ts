import type { WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { ToolContext } from '../google-apis.ts';

/** google_docs_create: a new document, with the text inserted at its start when given. */
export async function docsCreate(
  { apis, call }: ToolContext,
  params: WorkspaceToolParams['google_docs_create'],
) {
  const { data } = await apis.docs.documents.create({ requestBody: { title: params.title } }, call);
  const documentId = data.documentId ?? '';
  if (params.content) {
    await apis.docs.documents.batchUpdate(
      {
        documentId,
        requestBody: { requests: [{ insertText: { location: { index: 1 }, text: params.content } }] },
      },
      call,
    );
  }
  return {
    document: {
      id: documentId,
      title: data.title ?? params.title,
      link: `https://docs.google.com/document/d/${documentId}/edit`,
    },
  };
}
