import type {
  BuiltTransaction,
  NetworkInfo,
  TransactionDraft,
  TransactionInput,
} from '../../../machines';

/** Sample data for fake actors and model events: small, JSON-shaped like the real SDK's. */

export const sampleNetwork: NetworkInfo = {
  name: 'local',
  chainId: 4,
  nodeUrl: 'http://127.0.0.1:8080/v1',
};

export const sampleDraft: TransactionDraft = {
  sender: '0xa11ce',
  payload: {
    function: '0x1::aptos_account::transfer',
    typeArguments: [],
    functionArguments: ['0xb0b', '1000'],
  },
  options: { waitTimeoutSecs: 1 },
};

export const sampleInput: TransactionInput = { draft: sampleDraft, network: sampleNetwork };

export const sampleBuilt: BuiltTransaction = {
  rawTransactionHex: '0x00aa',
  sender: '0xa11ce',
  sequenceNumber: '0',
  maxGasAmount: '200000',
  gasUnitPrice: '100',
  expirationTimestampSecs: '1700000020',
  chainId: 4,
};

/** A multi-agent sponsored transaction: the sender, one secondary signer and a fee payer. */
export const multiSignerBuilt: BuiltTransaction = {
  ...sampleBuilt,
  rawTransactionHex: '0x01aa',
  kind: 'multiAgentSponsored',
  feePayerAddress: '0xfee',
  signers: [
    { role: 'sender', address: '0xa11ce', index: 0 },
    { role: 'secondary', address: '0xb0b', index: 1 },
    { role: 'feePayer', address: '0xfee', index: 2 },
  ],
};

export const HASH = `0x${'ab'.repeat(32)}`;

const userTransaction = (success: boolean, vmStatus: string, gasUsed: string) => ({
  type: 'user_transaction',
  version: '42',
  hash: HASH,
  success,
  vm_status: vmStatus,
  gas_used: gasUsed,
  gas_unit_price: '100',
  events: [
    { type: '0x1::transaction_fee::FeeStatement', data: { total_charge_gas_units: gasUsed } },
  ],
  changes: [],
});

export const committedSuccess = userTransaction(true, 'Executed successfully', '12');
export const committedAbort = userTransaction(
  false,
  'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction',
  '9',
);
export const pendingTransaction = { type: 'pending_transaction', hash: HASH, sender: '0xa11ce' };

export const simulationSuccess = [committedSuccess];
export const simulationFailure = [
  userTransaction(
    false,
    'Move abort in 0x1::fungible_asset: EINSUFFICIENT_BALANCE(0x10004): Insufficient balance to withdraw or transfer.',
    '7',
  ),
];

/** Shapes of thrown values, as the SDK and adapter produce them (see the fixtures for real ones). */
export const errors = {
  transport: { name: 'TypeError', message: 'fetch failed', cause: { code: 'ECONNREFUSED' } },
  sequenceTooOld: {
    name: 'AptosApiError',
    message:
      'Request to [Fullnode]: POST http://127.0.0.1:8080/v1/transactions failed with: {"message":"Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD","error_code":"vm_error","vm_error_code":3}',
    status: 400,
    data: {
      message: 'Invalid transaction: Type: Validation Code: SEQUENCE_NUMBER_TOO_OLD',
      error_code: 'vm_error',
      vm_error_code: 3,
    },
  },
  mempoolFull: {
    name: 'AptosApiError',
    message:
      'Request to [Fullnode]: POST /transactions failed with: {"message":"Mempool is full","error_code":"mempool_is_full","vm_error_code":null}',
    status: 507,
    data: { message: 'Mempool is full', error_code: 'mempool_is_full', vm_error_code: null },
  },
  adapterRejection: 'User has rejected the request',
  adapterNodeError:
    'Request to [Fullnode]: POST http://127.0.0.1:8080/v1/transactions failed with: {"message":"Invalid transaction: Type: Validation Code: TRANSACTION_EXPIRED","error_code":"vm_error","vm_error_code":6}',
  waitTimeout: {
    name: 'Error',
    message: `Transaction ${HASH} timed out in pending state after 1 seconds`,
    lastSubmittedTransaction: pendingTransaction,
  },
  waitFailed: {
    name: 'Error',
    message: `Transaction ${HASH} failed with an error: Out of gas`,
    transaction: { ...committedAbort, vm_status: 'Out of gas', gas_used: '20' },
  },
  notFound: {
    name: 'AptosApiError',
    message:
      'Request to [Fullnode]: GET /transactions/by_hash failed with: {"message":"Transaction not found","error_code":"transaction_not_found","vm_error_code":null}',
    status: 404,
    data: {
      message: 'Transaction not found',
      error_code: 'transaction_not_found',
      vm_error_code: null,
    },
  },
};

/** Expiration of {@link sampleBuilt} in µs, for lookups before and after it. */
export const beforeExpiryUsec = '1700000019000000';
export const afterExpiryUsec = '1700000020000000';
