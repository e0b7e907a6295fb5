// `0x1::multisig_account`'s structs as its ABI lists them: the VM's layouts of its resource, its
// table items (`MultisigTransaction`) and its events come from these declarations.
import { eventHandle, struct } from '../abi.ts';
import type { StructAbi } from '../context.ts';
import { HANDLE_FIELDS, MULTISIG, TRANSACTION_TYPE } from './accounts.ts';

export const SIMPLE_MAP = (k: string, v: string) => `0x1::simple_map::SimpleMap<${k}, ${v}>`;
export const STRING = '0x1::string::String';

const eventStruct = (name: string, fields: Array<[string, string]>, isEvent = false) =>
  struct(name, ['drop', 'store'], fields, isEvent ? { isEvent: true } : {});
const withAccount = (fields: Array<[string, string]>): Array<[string, string]> => [
  ['multisig_account', 'address'],
  ...fields,
];
const EVENT_FIELDS: Array<[string, Array<[string, string]>]> = [
  ['AddOwners', [['owners_added', 'vector<address>']]],
  ['RemoveOwners', [['owners_removed', 'vector<address>']]],
  [
    'UpdateSignaturesRequired',
    [
      ['old_num_signatures_required', 'u64'],
      ['new_num_signatures_required', 'u64'],
    ],
  ],
  [
    'CreateTransaction',
    [
      ['creator', 'address'],
      ['sequence_number', 'u64'],
      ['transaction', TRANSACTION_TYPE],
    ],
  ],
  [
    'Vote',
    [
      ['owner', 'address'],
      ['sequence_number', 'u64'],
      ['approved', 'bool'],
    ],
  ],
  [
    'ExecuteRejectedTransaction',
    [
      ['sequence_number', 'u64'],
      ['num_rejections', 'u64'],
      ['executor', 'address'],
    ],
  ],
  [
    'TransactionExecutionSucceeded',
    [
      ['executor', 'address'],
      ['sequence_number', 'u64'],
      ['transaction_payload', 'vector<u8>'],
      ['num_approvals', 'u64'],
    ],
  ],
  [
    'TransactionExecutionFailed',
    [
      ['executor', 'address'],
      ['sequence_number', 'u64'],
      ['transaction_payload', 'vector<u8>'],
      ['num_approvals', 'u64'],
      ['execution_error', `${MULTISIG}::ExecutionError`],
    ],
  ],
  [
    'MetadataUpdated',
    [
      ['old_metadata', SIMPLE_MAP(STRING, 'vector<u8>')],
      ['new_metadata', SIMPLE_MAP(STRING, 'vector<u8>')],
    ],
  ],
];

export const MULTISIG_STRUCTS: StructAbi[] = [
  struct(
    'MultisigAccount',
    ['key'],
    [
      ['owners', 'vector<address>'],
      ['num_signatures_required', 'u64'],
      ['transactions', `0x1::table::Table<u64, ${TRANSACTION_TYPE}>`],
      ['last_executed_sequence_number', 'u64'],
      ['next_sequence_number', 'u64'],
      ['signer_cap', '0x1::option::Option<0x1::account::SignerCapability>'],
      ['metadata', SIMPLE_MAP(STRING, 'vector<u8>')],
      ...HANDLE_FIELDS.map((field, i): [string, string] => [
        field,
        eventHandle(
          `${MULTISIG}::${
            [
              'AddOwnersEvent',
              'RemoveOwnersEvent',
              'UpdateSignaturesRequiredEvent',
              'CreateTransactionEvent',
              'VoteEvent',
              'ExecuteRejectedTransactionEvent',
              'TransactionExecutionSucceededEvent',
              'TransactionExecutionFailedEvent',
              'MetadataUpdatedEvent',
            ][i]
          }`,
        ),
      ]),
    ],
  ),
  struct(
    'MultisigTransaction',
    ['copy', 'drop', 'store'],
    [
      ['payload', '0x1::option::Option<vector<u8>>'],
      ['payload_hash', '0x1::option::Option<vector<u8>>'],
      ['votes', SIMPLE_MAP('address', 'bool')],
      ['creator', 'address'],
      ['creation_time_secs', 'u64'],
    ],
  ),
  struct(
    'ExecutionError',
    ['copy', 'drop', 'store'],
    [
      ['abort_location', STRING],
      ['error_type', STRING],
      ['error_code', 'u64'],
    ],
  ),
  ...EVENT_FIELDS.flatMap(([name, fields]) => [
    eventStruct(name, withAccount(fields), true),
    eventStruct(`${name}Event`, fields),
  ]),
];
