import type { ApiError } from '../contracts/common';
import type { Result } from './client';

/** A refused or failed call inside the query layer, which works with exceptions; screens get the ApiError back. */
export class ApiCallError extends Error {
  constructor(readonly apiError: ApiError) {
    super(apiError.msg);
    this.name = 'ApiCallError';
  }
}

/** The client answers [null, null] for a 401 on a CMS page (spec 8): the session is gone and nothing is shown. */
const SILENT: ApiError = { msg: '', code: 'silent' };

export const isSilent = (error: ApiCallError) => error.apiError === SILENT;

/** Unwraps a [data, error] pair for the query layer: data, or an ApiCallError to throw. */
export function unwrap<T>([data, error]: Result<T>): T {
  if (error) throw new ApiCallError(error);
  if (data === null) throw new ApiCallError(SILENT);
  return data;
}

/** The ApiError of whatever a query or mutation failed with. */
export function apiErrorOf(error: unknown): ApiError | null {
  if (!error) return null;
  if (error instanceof ApiCallError) return error.apiError;
  return { msg: error instanceof Error ? error.message : String(error) };
}
