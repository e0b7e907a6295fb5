/**
 * multisig_account's views on the VM's own values, as multisig_account.move writes them (its
 * `#[view] public fun`s, so bytecode calls them too). Those that return its structs (metadata,
 * get_transaction, get_pending_transactions) read the `MultisigAccount` through its layout and
 * its transactions through 0x1::table, so Move code receives the SimpleMap and
 * MultisigTransaction values themselves.
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
import type { MultisigAccount } from './accounts.ts';
import {
  assertValidSequence,
  borrowMultisig,
  borrowTransaction,
  counts,
  MAX_PENDING_TRANSACTIONS,
  nextMultisigAddress,
  TRANSACTION_TYPE,
  voteOf,
} from './accounts.ts';
import { SIMPLE_MAP, STRING } from './structs.ts';
import { canExecute } from './transactions.ts';
import { addressArg, bytesArg, u64Arg } from './values.ts';

const view = (
  name: string,
  params: string[],
  returns: string[],
  impl: (host: NativeHost, args: Value[]) => Value[],
): NativeFunction =>
  fn(name, { params, returns, isView: true }, (host, _tyArgs, args) => impl(host, args));

/** `borrow_global<MultisigAccount>` (MISSING_DATA when absent). */
const multisigAt = (host: NativeHost, address: Value | undefined): MultisigAccount =>
  borrowMultisig(host.session.ctx, addressArg(address));

/** `assert_valid_sequence_number`, then the transaction (`table::borrow`). */
function pendingFor(host: NativeHost, multisig: Value | undefined, sequence: bigint) {
  const account = multisigAt(host, multisig);
  assertValidSequence(account, sequence);
  return { account, txn: borrowTransaction(host.session.ctx, account, sequence) };
}

const SCALAR_VIEWS: NativeFunction[] = [
  view('available_transaction_queue_capacity', ['address'], ['u64'], (host, [multisig]) => {
    const account = multisigAt(host, multisig);
    const pending = account.next - account.lastExecuted - 1n;
    return [pending > MAX_PENDING_TRANSACTIONS ? 0n : MAX_PENDING_TRANSACTIONS - pending];
  }),
  view('can_be_executed', ['address', 'u64'], ['bool'], (host, [multisig, seqArg]) => {
    const seq = u64Arg(seqArg);
    const { account, txn } = pendingFor(host, multisig, seq);
    const [approvals] = counts(account, txn);
    return [seq === account.lastExecuted + 1n && approvals >= account.numSignaturesRequired];
  }),
  view('can_be_rejected', ['address', 'u64'], ['bool'], (host, [multisig, seqArg]) => {
    const seq = u64Arg(seqArg);
    const { account, txn } = pendingFor(host, multisig, seq);
    const [, rejections] = counts(account, txn);
    return [seq === account.lastExecuted + 1n && rejections >= account.numSignaturesRequired];
  }),
  view(
    'can_execute',
    ['address', 'address', 'u64'],
    ['bool'],
    (host, [owner, multisig, seqArg]) => {
      const seq = u64Arg(seqArg);
      const { account, txn } = pendingFor(host, multisig, seq);
      return [canExecute(account, addressArg(owner), seq, txn)];
    },
  ),
  view(
    'can_reject',
    ['address', 'address', 'u64'],
    ['bool'],
    (host, [ownerArg, multisig, seqArg]) => {
      const owner = addressArg(ownerArg);
      const seq = u64Arg(seqArg);
      const { account, txn } = pendingFor(host, multisig, seq);
      let [, rejections] = counts(account, txn);
      if (voteOf(txn, owner) !== false) rejections += 1n;
      return [
        account.owners.includes(owner) &&
          seq === account.lastExecuted + 1n &&
          rejections >= account.numSignaturesRequired,
      ];
    },
  ),
  view('get_next_multisig_account_address', ['address'], ['address'], (host, [creator]) => [
    nextMultisigAddress(host.session.ctx, addressArg(creator)),
  ]),
  view(
    'get_next_transaction_payload',
    ['address', 'vector<u8>'],
    ['vector<u8>'],
    (host, [multisig, provided]) => {
      const account = multisigAt(host, multisig);
      const txn = borrowTransaction(host.session.ctx, account, account.lastExecuted + 1n);
      return [Array.from(txn.payload ?? bytesArg(provided))];
    },
  ),
  view('is_owner', ['address', 'address'], ['bool'], (host, [owner, multisig]) => [
    multisigAt(host, multisig).owners.includes(addressArg(owner)),
  ]),
  view('last_resolved_sequence_number', ['address'], ['u64'], (host, [multisig]) => [
    multisigAt(host, multisig).lastExecuted,
  ]),
  view('next_sequence_number', ['address'], ['u64'], (host, [multisig]) => [
    multisigAt(host, multisig).next,
  ]),
  view('num_signatures_required', ['address'], ['u64'], (host, [multisig]) => [
    multisigAt(host, multisig).numSignaturesRequired,
  ]),
  view('owners', ['address'], ['vector<address>'], (host, [multisig]) => [
    multisigAt(host, multisig).owners,
  ]),
  view('vote', ['address', 'u64', 'address'], ['bool', 'bool'], (host, [multisig, seq, owner]) => {
    const { txn } = pendingFor(host, multisig, u64Arg(seq));
    const cast = voteOf(txn, addressArg(owner));
    return [cast !== null, cast === true];
  }),
];

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

const STRUCT_VIEWS: NativeFunction[] = [
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

export const MULTISIG_VIEWS: NativeFunction[] = [...SCALAR_VIEWS, ...STRUCT_VIEWS];
