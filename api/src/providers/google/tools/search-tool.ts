import type { WorkspaceToolParams } from '@annie/contracts/workspace-tools';
import type { ToolContext } from '../google-apis.ts';
import { driveLiteral } from './drive-query.ts';
import { listFiles } from './drive-tools.ts';
import { listMail } from './gmail-tools.ts';

/** google_search: mail (Gmail's own search) and Drive (full text) at once, up to max_results each. */
export async function googleSearch(context: ToolContext, params: WorkspaceToolParams['google_search']) {
  const [messages, files] = await Promise.all([
    listMail(context, params.query, params.max_results),
    listFiles(context, [`fullText contains ${driveLiteral(params.query)}`], params.max_results),
  ]);
  return { query: params.query, messages, files };
}
