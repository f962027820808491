// The inbox: how much waits for the executive's approval (one queue of
// the assistant's SMS drafts and callers' requests).
import { approvalsCountSchema, approvalsSchema } from './inbox.ts';
import { route } from './route.ts';

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
