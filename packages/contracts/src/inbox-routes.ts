// The inbox: search inside the texts, and how much waits for the executive's approval (one queue of
// the assistant's SMS drafts and callers' requests).
import {
  approvalsCountSchema,
  approvalsSchema,
  smsSearchQuerySchema,
  smsSearchResultSchema,
} from './inbox.ts';
import { route } from './route.ts';

export const searchSmsMessages = route({
  method: 'get',
  path: '/api/sms/search',
  summary: "The tenant's texts whose body holds the words (case-insensitive), newest first, with a snippet",
  access: 'signed-in',
  query: smsSearchQuerySchema,
  responses: { 200: { description: 'The matching texts', schema: smsSearchResultSchema } },
});

export const getApprovalsCount = route({
  method: 'get',
  path: '/api/approvals/count',
  summary:
    "How many of the assistant's SMS drafts (the tenant's) and callers' requests (the user's) wait for approval",
  access: 'signed-in',
  responses: { 200: { description: 'The counts', schema: approvalsCountSchema } },
});

export const listApprovals = route({
  method: 'get',
  path: '/api/approvals',
  summary:
    "The one approvals queue, oldest first: the tenant's threads with a pending SMS draft and the user's pending caller requests",
  access: 'signed-in',
  responses: { 200: { description: 'What waits for approval', schema: approvalsSchema } },
});
