import type { AptosErrorCode } from '../errors.ts';
import { NodeError, RequestError } from '../errors.ts';

const STATUS_BY_CODE: Partial<Record<AptosErrorCode, number>> = {
  account_not_found: 404,
  resource_not_found: 404,
  module_not_found: 404,
  struct_field_not_found: 404,
  version_not_found: 404,
  transaction_not_found: 404,
  table_item_not_found: 404,
  block_not_found: 404,
  state_value_not_found: 404,
  version_pruned: 410,
  block_pruned: 410,
  mempool_is_full: 507,
  internal_error: 500,
  health_check_failed: 503,
  node_not_bootstrapped: 503,
  rate_limited: 429,
  api_disabled: 403,
};

export interface ErrorBody {
  message: string;
  error_code: AptosErrorCode;
  vm_error_code: number | null;
}

/**
 * The one error mapper of the REST API: domain errors become `{message, error_code,
 * vm_error_code}` with their status; anything unexpected is a 500 `internal_error` (and logged).
 */
export function errorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof RequestError) {
    return {
      status: error.status,
      body: { message: error.message, error_code: error.code, vm_error_code: error.vmErrorCode },
    };
  }
  if (error instanceof NodeError) {
    return {
      status: STATUS_BY_CODE[error.code] ?? 400,
      body: { message: error.message, error_code: error.code, vm_error_code: error.vmErrorCode },
    };
  }
  console.error('localnet: internal error', error);
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 500,
    body: {
      message: `Internal error: ${message}`,
      error_code: 'internal_error',
      vm_error_code: null,
    },
  };
}
