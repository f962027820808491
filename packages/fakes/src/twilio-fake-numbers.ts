import { randomBytes } from 'node:crypto';

/** A phone number the fake account owns, with the webhooks set in its console. */
export type OwnedNumber = { phoneNumber: string; voiceUrl?: string; smsUrl?: string };

const digits = (text: string) => text.replace(/\D/g, '');

/** One IncomingPhoneNumber resource as the 2010-04-01 API answers it (the fields the app reads, and more). */
function numberResource(accountSid: string, owned: OwnedNumber, sid: string) {
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    friendly_name: owned.phoneNumber,
    phone_number: owned.phoneNumber,
    sid,
    sms_method: 'POST',
    sms_url: owned.smsUrl ?? '',
    status: 'in-use',
    uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${sid}.json`,
    voice_method: 'POST',
    voice_url: owned.voiceUrl ?? '',
  };
}

/**
 * `GET /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers.json`: the account's numbers, filtered by
 * `PhoneNumber` (Twilio matches partial numbers), one page of `PageSize` (default 50) with Twilio's
 * paging fields.
 */
export function incomingNumbersPage(accountSid: string, owned: OwnedNumber[], query: URLSearchParams) {
  const wanted = digits(query.get('PhoneNumber') ?? '');
  const pageSize = Math.min(1000, Number(query.get('PageSize') ?? 50) || 50);
  const matching = owned.filter((number) => digits(number.phoneNumber).includes(wanted)).slice(0, pageSize);
  const uri = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json?PageSize=${pageSize}&Page=0`;
  return {
    end: Math.max(0, matching.length - 1),
    first_page_uri: uri,
    incoming_phone_numbers: matching.map((number) =>
      numberResource(accountSid, number, `PN${randomBytes(16).toString('hex')}`),
    ),
    next_page_uri: null,
    page: 0,
    page_size: pageSize,
    previous_page_uri: null,
    start: 0,
    uri,
  };
}
