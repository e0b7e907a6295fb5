/**
 * `0x1::transaction_context` on the VM's own values, from its source and the node's natives: the
 * user transaction's sender, secondary signers, gas payer, max gas, gas unit price, chain id,
 * entry-function and multisig payloads (`NativeContext.transaction`, set by the executor) and
 * script hash; the transaction hash and AUIDs from the session. Outside a user transaction (a
 * view) the user-context natives abort with ETRANSACTION_CONTEXT_NOT_AVAILABLE (0x30001); the
 * getters check the transaction-context-extension feature first (ETRANSACTION_CONTEXT_EXTENSION_
 * NOT_ENABLED, 0x30002), as the source does. Not here: `monotonically_increasing_counter`, whose
 * value holds the transaction's index in its block, which this chain does not give its VM.
 */
import { must } from '../../../encoding.ts';
import type { NativeHost, NativeImpl } from '../../../move/vm/loader.ts';
import type { TransactionEntry, TransactionInfo } from '../../../move/vm/nativeContext.ts';
import { tyString } from '../../../move/vm/ty.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import { fieldsOf, none, some, str, ty } from '../../vmState.ts';
import { CATEGORY, fail } from './errors.ts';
import { systemModule } from './gate.ts';

const MODULE = 'transaction_context';
const ENTRY = '0x1::transaction_context::EntryFunctionPayload';
const MULTISIG = '0x1::transaction_context::MultisigPayload';
const AUID = '0x1::transaction_context::AUID';
/** `Scheme::DeriveAuid` (types/src/transaction/authenticator.rs). */
const DERIVE_AUID = 0xfb;

/** `assert!(features::transaction_context_extension_enabled(), …)`. */
function extensionEnabled(host: NativeHost): void {
  const [on] = host.call(
    FRAMEWORK_ADDRESS,
    'features',
    'transaction_context_extension_enabled',
    [],
    [],
  );
  if (on !== true)
    fail(MODULE, 'ETRANSACTION_CONTEXT_EXTENSION_NOT_ENABLED', CATEGORY.invalidState);
}

/** The user transaction, or the natives' abort outside one. */
function userTransaction(host: NativeHost): TransactionInfo {
  const transaction = host.session.ctx.transaction;
  if (transaction === undefined) {
    fail(MODULE, 'ETRANSACTION_CONTEXT_NOT_AVAILABLE', CATEGORY.invalidState);
  }
  return transaction;
}

const entryValue = (entry: TransactionEntry): Value => [
  entry.address,
  str(entry.module),
  str(entry.function),
  entry.typeArgs.map((tag) => str(tyString(ty(tag)))),
  entry.args.map((arg) => Array.from(arg)),
];
const optionalEntry = (entry: TransactionEntry | null): Value =>
  entry === null ? none() : some(entryValue(entry));

/** A getter of the user transaction behind the feature check: `f(transaction)`. */
const getter = (name: string, returns: string, f: (t: TransactionInfo) => Value) =>
  fn(name, { params: [], returns: [returns] }, (host) => {
    extensionEnabled(host);
    return [f(userTransaction(host))];
  });

/** A payload field (`&EntryFunctionPayload` / `&MultisigPayload`) behind the feature check. */
const payloadField = (name: string, payload: string, returns: string, index: number) => {
  const impl: NativeImpl = (host, _t, [p]) => {
    extensionEnabled(host);
    const value = fieldsOf(must(p))[index] as Value;
    return [structuredClone(value)];
  };
  return fn(name, { params: [`&${payload}`], returns: [returns] }, impl);
};

export const transactionContextModule = systemModule(
  MODULE,
  [
    struct('AUID', ['drop', 'store'], [['unique_address', 'address']]),
    struct(
      'EntryFunctionPayload',
      ['copy', 'drop'],
      [
        ['account_address', 'address'],
        ['module_name', '0x1::string::String'],
        ['function_name', '0x1::string::String'],
        ['ty_args_names', 'vector<0x1::string::String>'],
        ['args', 'vector<vector<u8>>'],
      ],
    ),
    struct(
      'MultisigPayload',
      ['copy', 'drop'],
      [
        ['multisig_address', 'address'],
        ['entry_function_payload', `0x1::option::Option<${ENTRY}>`],
      ],
    ),
  ],
  [
    fn('get_transaction_hash', { params: [], returns: ['vector<u8>'] }, (host) => [
      Array.from(host.session.seed),
    ]),
    fn('generate_auid_address', { params: [], returns: ['address'] }, (host) => [
      host.session.uniqueAddress(DERIVE_AUID),
    ]),
    fn('get_script_hash', { params: [], returns: ['vector<u8>'] }, (host) => [
      Array.from(host.session.ctx.transaction?.scriptHash ?? []),
    ]),
    fn('generate_auid', { params: [], returns: [AUID] }, (host) => [
      [host.session.uniqueAddress(DERIVE_AUID)],
    ]),
    fn('auid_address', { params: [`&${AUID}`], returns: ['address'] }, (_h, _t, [auid]) => [
      must(fieldsOf(must(auid))[0]),
    ]),
    getter('sender', 'address', (t) => t.sender),
    getter('secondary_signers', 'vector<address>', (t) => [...t.secondarySigners]),
    getter('gas_payer', 'address', (t) => t.gasPayer),
    getter('max_gas_amount', 'u64', (t) => t.maxGasAmount),
    getter('gas_unit_price', 'u64', (t) => t.gasUnitPrice),
    getter('chain_id', 'u8', (t) => t.chainId),
    getter('entry_function_payload', `0x1::option::Option<${ENTRY}>`, (t) =>
      optionalEntry(t.entry),
    ),
    payloadField('account_address', ENTRY, 'address', 0),
    payloadField('module_name', ENTRY, '0x1::string::String', 1),
    payloadField('function_name', ENTRY, '0x1::string::String', 2),
    payloadField('type_arg_names', ENTRY, 'vector<0x1::string::String>', 3),
    payloadField('args', ENTRY, 'vector<vector<u8>>', 4),
    getter('multisig_payload', `0x1::option::Option<${MULTISIG}>`, (t) =>
      t.multisig === null ? none() : some([t.multisig.address, optionalEntry(t.multisig.entry)]),
    ),
    payloadField('multisig_address', MULTISIG, 'address', 0),
    payloadField('inner_entry_function_payload', MULTISIG, `0x1::option::Option<${ENTRY}>`, 1),
    // No feature check in the source; the native needs the user transaction.
    fn('is_encrypted_txn', { params: [], returns: ['bool'] }, (host) => {
      userTransaction(host);
      return [false];
    }),
  ],
);
