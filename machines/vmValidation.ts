/** The VM validation codes a node reports when it refuses a transaction, and what to do. */

/** Names of the VM validation codes the node reports on submit (`vm_error_code`). */
export const VM_VALIDATION_CODES: Readonly<Record<number, string>> = {
  1: 'INVALID_SIGNATURE',
  2: 'INVALID_AUTH_KEY',
  3: 'SEQUENCE_NUMBER_TOO_OLD',
  4: 'SEQUENCE_NUMBER_TOO_NEW',
  5: 'INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE',
  6: 'TRANSACTION_EXPIRED',
  7: 'SENDING_ACCOUNT_DOES_NOT_EXIST',
  8: 'REJECTED_WRITE_SET',
  9: 'INVALID_WRITE_SET',
  10: 'EXCEEDED_MAX_TRANSACTION_SIZE',
  11: 'UNKNOWN_SCRIPT',
  12: 'UNKNOWN_MODULE',
  13: 'MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND',
  14: 'MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS',
  15: 'GAS_UNIT_PRICE_BELOW_MIN_BOUND',
  16: 'GAS_UNIT_PRICE_ABOVE_MAX_BOUND',
  23: 'BAD_CHAIN_ID',
  24: 'SEQUENCE_NUMBER_TOO_BIG',
};

/** What to do about a validation failure, by name. */
export const VM_VALIDATION_ADVICE: Readonly<Record<string, string>> = {
  INVALID_SIGNATURE: 'sign again with the sender’s key',
  INVALID_AUTH_KEY: 'the key does not match the sender account; check the sender address',
  SEQUENCE_NUMBER_TOO_OLD: 'the sequence number was already used; rebuild to take the current one',
  INSUFFICIENT_BALANCE_FOR_TRANSACTION_FEE:
    'fund the sender or lower max gas amount × gas unit price',
  TRANSACTION_EXPIRED: 'the expiration time has passed; rebuild with a later expiration',
  SENDING_ACCOUNT_DOES_NOT_EXIST: 'create or fund the sender account first',
  MAX_GAS_UNITS_EXCEEDS_MAX_GAS_UNITS_BOUND: 'lower max gas amount',
  MAX_GAS_UNITS_BELOW_MIN_TRANSACTION_GAS_UNITS: 'raise max gas amount',
  GAS_UNIT_PRICE_BELOW_MIN_BOUND: 'raise gas unit price',
  GAS_UNIT_PRICE_ABOVE_MAX_BOUND: 'lower gas unit price',
  BAD_CHAIN_ID: 'the transaction was built for another network; rebuild against this one',
};
