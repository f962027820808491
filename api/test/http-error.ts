import { expect } from 'vitest';
import { HttpError } from '../src/lib/http-errors.ts';

/** The HttpError `promise` rejects with; the test fails when it resolves or rejects with anything else. */
export async function httpErrorOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}
