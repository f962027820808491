import { CONTACT_LIST_PAGE, contactListSchema } from '@annie/contracts/contacts';
import { listContacts } from '@annie/contracts/contacts-routes';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { firstPageUrl, linkedPageOptions } from '../paging/linked-page.ts';

/** Query key of every contacts query: the lists (`…, 'list', q`) and each contact (`…, id`). */
export const contactsQueryKey = [listContacts.path] as const;

/** Query key of the contact list for a search (`''`: the whole list). */
export const contactListQueryKey = (q: string) => [...contactsQueryKey, 'list', q] as const;

/** Query options for the contact list matching `q` (favourites first, then by name), a page at a time. */
export function contactListQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: contactListQueryKey(q),
    ...linkedPageOptions(firstPageUrl(listContacts.path, CONTACT_LIST_PAGE, q), contactListSchema),
  });
}

/**
 * The contacts matching `q` (name, nickname, email, or the number by its digits), each with its SMS
 * thread summary, searched by the server and loaded a page at a time; while a new search loads, the
 * previous results stay.
 */
export function useContacts(q = '') {
  const query = useInfiniteQuery({ ...contactListQueryOptions(q.trim()), placeholderData: keepPreviousData });
  // One array per answer, so what renders from it can be memoized on it.
  const contacts = useMemo(() => query.data?.pages.flatMap((page) => page.items), [query.data]);
  return { query, contacts };
}
