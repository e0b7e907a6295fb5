/**
 * multisig_account's views that return its structs (metadata, get_transaction,
 * get_pending_transactions) on the VM's own values, as multisig_account.move writes them, so Move
 * code receives the SimpleMap and MultisigTransaction values themselves.
 */
import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { Ref } from '../../move/vm/values.ts';
import { fn } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeFunction } from '../context.ts';
import { abortIn, borrowResource, ty } from '../vmState.ts';
import { TRANSACTION_TYPE } from './accounts.ts';
import { SIMPLE_MAP, STRING } from './structs.ts';

const ACCOUNT = '0x1::multisig_account::MultisigAccount';
/** MultisigAccount's fields by index. */
const F = { transactions: 2, lastExecuted: 3, next: 4, metadata: 6 } as const;

const account = (host: NativeHost, address: Value | undefined): Value[] =>
  borrowResource(host, must(address) as LongAddress, ACCOUNT) as Value[];

/** `*multisig_account_resource.transactions.borrow(sequence)` (the table's NOT_FOUND when absent). */
function transaction(host: NativeHost, fields: Value[], sequence: bigint): Value {
  const cell = host.call(
    FRAMEWORK_ADDRESS,
    'table',
    'borrow',
    [ty('u64'), ty(TRANSACTION_TYPE)],
    [new Ref(fields, F.transactions), sequence],
  )[0] as Ref;
  return structuredClone(cell.c[cell.i] as Value);
}

export const MULTISIG_STRUCT_VIEWS: NativeFunction[] = [
  fn(
    'get_pending_transactions',
    { params: ['address'], returns: [`vector<${TRANSACTION_TYPE}>`], isView: true },
    (host, _t, [address]) => {
      const fields = account(host, address);
      const pending: Value[] = [];
      for (
        let seq = (fields[F.lastExecuted] as bigint) + 1n;
        seq < (fields[F.next] as bigint);
        seq += 1n
      ) {
        pending.push(transaction(host, fields, seq));
      }
      return [pending];
    },
  ),
  fn(
    'get_transaction',
    { params: ['address', 'u64'], returns: [TRANSACTION_TYPE], isView: true },
    (host, _t, [address, sequence]) => {
      const fields = account(host, address);
      const seq = must(sequence) as bigint;
      if (seq === 0n || seq >= (fields[F.next] as bigint)) {
        abortIn(
          'multisig_account',
          0x10011n,
          'EINVALID_SEQUENCE_NUMBER',
          'The sequence number provided is invalid. It must be between [1, next pending transaction - 1].',
        );
      }
      return [transaction(host, fields, seq)];
    },
  ),
  fn(
    'metadata',
    { params: ['address'], returns: [SIMPLE_MAP(STRING, 'vector<u8>')], isView: true },
    (host, _t, [address]) => [account(host, address)[F.metadata] as Value],
  ),
];
