import type { CallLogQuery, CallLogSort, CallOutcome } from '@annie/contracts/call-logs';
import type { CallChannel, CallDirection } from '@annie/contracts/calls';

/** What the Call Logs filter bar holds ('' for any); `page` counts from 0. */
export type CallLogFilterValues = {
  q: string;
  contact: string;
  direction: CallDirection | '';
  channel: CallChannel | '';
  outcome: CallOutcome | '';
  from: string;
  to: string;
  sort: CallLogSort;
  includeEmpty: boolean;
  page: number;
};

export const EMPTY_FILTERS: CallLogFilterValues = {
  q: '',
  contact: '',
  direction: '',
  channel: '',
  outcome: '',
  from: '',
  to: '',
  sort: 'newest',
  includeEmpty: false,
  page: 0,
};

/** Rows per page of Call Logs. */
export const CALL_LOG_PAGE_SIZE = 20;

/** The API's query for these filters: only what is set. */
export function callLogQueryOf(values: CallLogFilterValues, pageSize = CALL_LOG_PAGE_SIZE): CallLogQuery {
  const query: CallLogQuery = { sort: values.sort, limit: pageSize, offset: values.page * pageSize };
  if (values.q.trim()) query.q = values.q.trim();
  if (values.contact.trim()) query.contact = values.contact.trim();
  if (values.direction) query.direction = values.direction;
  if (values.channel) query.channel = values.channel;
  if (values.outcome) query.outcome = values.outcome;
  if (values.from) query.from = values.from;
  if (values.to) query.to = values.to;
  if (values.includeEmpty) query.includeEmpty = 'true';
  return query;
}

/** Whether any filter narrows the list (the sort and page aside). */
export function isFiltered(values: CallLogFilterValues): boolean {
  return Boolean(
    values.q ||
      values.contact ||
      values.direction ||
      values.channel ||
      values.outcome ||
      values.from ||
      values.to,
  );
}
