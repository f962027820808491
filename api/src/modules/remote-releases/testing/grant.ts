import type { ReleaseGrant } from '@annie/contracts/remote-releases';
import type { TestClient } from '../../../../test/test-client.ts';
import { GRANT_HEADER, RELEASES_PAGE_PATH } from '../release-grant.ts';

/**
 * The headers the Remote releases page sends after its administrator confirmed their password: the
 * grant, and what a browser adds to a same-origin fetch from that page.
 */
export async function grantHeaders(
  client: TestClient,
  baseUrl: string,
  password: string,
): Promise<Record<string, string>> {
  const response = await client.post<ReleaseGrant>('/api/remotes/releases/confirm-password', { password });
  if (response.status !== 200) throw new Error(`confirm-password: ${response.status} ${response.text}`);
  return {
    [GRANT_HEADER]: response.body.grant,
    'Sec-Fetch-Site': 'same-origin',
    'Sec-Fetch-Dest': 'empty',
    Referer: `${baseUrl}${RELEASES_PAGE_PATH}`,
  };
}
