/**
 * Domain errors of the local chain. Layers below `http/` throw these; `http/errors.ts` is the one
 * place that turns them into Aptos error bodies and statuses.
 */

import { statusType } from './move/vm/statusCodes.ts';

/** The `error_code` values of the Aptos node API (`AptosErrorCode` in the OpenAPI spec). */
export type AptosErrorCode =
  | 'account_not_found'
  | 'resource_not_found'
  | 'module_not_found'
  | 'struct_field_not_found'
  | 'version_not_found'
  | 'transaction_not_found'
  | 'table_item_not_found'
  | 'block_not_found'
  | 'state_value_not_found'
  | 'version_pruned'
  | 'block_pruned'
  | 'invalid_input'
  | 'invalid_transaction_update'
  | 'sequence_number_too_old'
  | 'vm_error'
  | 'rejected_by_filter'
  | 'health_check_failed'
  | 'mempool_is_full'
  | 'rate_limited'
  | 'node_not_bootstrapped'
  | 'internal_error'
  | 'web_framework_error'
  | 'bcs_not_supported'
  | 'api_disabled';

/** An error the node reports to its caller with an Aptos error code. */
export class NodeError extends Error {
  override readonly name = 'NodeError';
  readonly code: AptosErrorCode;
  readonly vmErrorCode: number | null;

  constructor(args: { code: AptosErrorCode; message: string; vmErrorCode?: number }) {
    super(args.message);
    this.code = args.code;
    this.vmErrorCode = args.vmErrorCode ?? null;
  }
}

/** A transaction refused by validation (signature, gas bounds, expiration, …). */
export class ValidationError extends NodeError {
  readonly statusName: string;

  constructor(statusName: string, vmErrorCode: number) {
    super({
      code: 'vm_error',
      message: `Invalid transaction: Type: ${statusType(vmErrorCode)} Code: ${statusName}`,
      vmErrorCode,
    });
    this.statusName = statusName;
  }
}

/** A request the HTTP layer refuses before it reaches the node (too large, unparsable). */
export class RequestError extends NodeError {
  readonly status: number;

  constructor(args: { status: number; code: AptosErrorCode; message: string }) {
    super(args);
    this.status = args.status;
  }
}
