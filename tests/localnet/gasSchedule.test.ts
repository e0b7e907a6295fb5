import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS } from '../../localnet/executor/gas.ts';
import { slotKeyBytes, slotOf, StateSizes } from '../../localnet/executor/stateSize.ts';
import { genesisEvents, genesisWrites } from '../../localnet/framework/genesis.ts';
import type { CompiledModule } from '../../localnet/move/binary/types.ts';
import { BASE_COST, GAS_PARAMS, OP } from '../../localnet/move/vm/ops.ts';
import { resourceKey } from '../../localnet/storage/types.ts';
import { fundedAccount, startChain, type Chain } from './helpers.ts';
import { ownerTransactions } from './move/ownerTransactions.ts';
import { ModuleBuilder, S } from './move/vmBuilder.ts';

/**
 * Gas as a node charges it, from the on-chain schedule of release v1.48.0: the chain's constants
 * are the schedule's (read from `../shared/reference`, the oracle), and the storage fee of a new
 * slot follows the BCS sizes of its key and value — a plain resource, and a resource group
 * (an object's `ObjectCore`, one slot for the whole `ObjectGroup`).
 */
const SCHEDULE = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'shared',
  'reference',
  'aptos-gas-schedule-v1.48.0.json',
);

describe.runIf(existsSync(SCHEDULE))('the constants are the v1.48.0 schedule’s', () => {
  const entries = new Map<string, number>(
    (JSON.parse(readFileSync(SCHEDULE, 'utf8')) as { entries: Array<[string, number]> }).entries,
  );
  const entry = (name: string): number => {
    const value = entries.get(name);
    if (value === undefined) throw new Error(`${name} is not in the schedule`);
    return value;
  };

  it('transaction and storage parameters', () => {
    expect(GAS.intrinsic).toBe(entry('txn.min_transaction_gas_units'));
    expect(GAS.freeBytes).toBe(entry('txn.large_transaction_cutoff'));
    expect(GAS.perByte).toBe(entry('txn.intrinsic_gas_per_byte'));
    expect(GAS.scale).toBe(entry('txn.gas_unit_scaling_factor'));
    expect(GAS.readSlot).toBe(entry('txn.storage_io_per_state_slot_read'));
    expect(GAS.readByte).toBe(entry('txn.storage_io_per_state_byte_read'));
    expect(GAS.writeSlot).toBe(entry('txn.storage_io_per_state_slot_write'));
    expect(GAS.writeByte).toBe(entry('txn.storage_io_per_state_byte_write'));
    expect(GAS.eventByte).toBe(entry('txn.storage_io_per_event_byte_write'));
    expect(GAS.transactionByte).toBe(entry('txn.storage_io_per_transaction_byte_write'));
    expect(GAS.storagePerSlotOctas).toBe(BigInt(entry('txn.storage_fee_per_state_slot')));
    expect(GAS.storagePerByteOctas).toBe(BigInt(entry('txn.storage_fee_per_state_byte')));
    expect(GAS.maxGasAmount).toBe(BigInt(entry('txn.maximum_number_of_gas_units')));
    expect(GAS.minGasUnitPrice).toBe(BigInt(entry('txn.min_price_per_gas_unit')));
    expect(GAS.maxGasUnitPrice).toBe(BigInt(entry('txn.max_price_per_gas_unit')));
    expect(GAS.maxTransactionBytes).toBe(entry('txn.max_transaction_size_in_bytes'));
  });

  it('every instruction’s base cost and the size-dependent parts', () => {
    const instr: Array<[keyof typeof OP, string]> = [
      ['POP', 'pop'],
      ['RET', 'ret'],
      ['BR_TRUE', 'br_true'],
      ['BR_FALSE', 'br_false'],
      ['BRANCH', 'branch'],
      ['LD_NUM', 'ld_u64'],
      ['LD_BIG', 'ld_u256'],
      ['LD_CONST', 'ld_const.base'],
      ['LD_TRUE', 'ld_true'],
      ['LD_FALSE', 'ld_false'],
      ['COPY_LOC', 'copy_loc.base'],
      ['MOVE_LOC', 'move_loc.base'],
      ['ST_LOC', 'st_loc.base'],
      ['BORROW_LOC', 'imm_borrow_loc'],
      ['BORROW_FIELD', 'mut_borrow_field_generic'],
      ['CALL', 'call.base'],
      ['PACK', 'pack_generic.base'],
      ['UNPACK', 'unpack.base'],
      ['READ_REF', 'read_ref.base'],
      ['WRITE_REF', 'write_ref.base'],
      ['ADD_N', 'add'],
      ['MUL_B', 'mul'],
      ['DIV', 'div'],
      ['MOD', 'mod'],
      ['XOR', 'bit_xor'],
      ['SHL_B', 'bit_shl'],
      ['SHR', 'bit_shr'],
      ['NOT', 'not'],
      ['GE', 'ge'],
      ['EQ', 'eq.base'],
      ['NEQ', 'neq.base'],
      ['ABORT', 'abort'],
      ['NOP', 'nop'],
      ['EXISTS', 'exists_generic.base'],
      ['BORROW_GLOBAL', 'mut_borrow_global.base'],
      ['MOVE_FROM', 'move_from.base'],
      ['MOVE_TO', 'move_to_generic.base'],
      ['CAST_N', 'cast_u64'],
      ['CAST_B', 'cast_u256'],
      ['VEC_PACK', 'vec_pack.base'],
      ['VEC_LEN', 'vec_len.base'],
      ['VEC_BORROW', 'vec_mut_borrow.base'],
      ['VEC_PUSH', 'vec_push_back.base'],
      ['VEC_POP', 'vec_pop_back.base'],
      ['VEC_UNPACK', 'vec_unpack.base'],
      ['VEC_SWAP', 'vec_swap.base'],
      ['TEST_VARIANT', 'test_variant_generic'],
      ['BORROW_VARIANT_FIELD', 'imm_borrow_variant_field'],
      ['PACK_CLOSURE', 'pack_closure.base'],
      ['CALL_CLOSURE', 'call_generic.base'],
      ['ADD_S', 'add'],
      ['NEGATE', 'negate'],
      ['CAST_S', 'cast_i128'],
      ['ABORT_MSG', 'abort_msg.base'],
    ];
    for (const [op, name] of instr) {
      expect(BASE_COST[OP[op]], `${op} = instr.${name}`).toBe(entry(`instr.${name}`));
    }
    expect(GAS_PARAMS.perAbstractValueUnit).toBe(entry('instr.copy_loc.per_abs_val_unit'));
    expect(GAS_PARAMS.ldConstPerByte).toBe(entry('instr.ld_const.per_byte'));
    expect(GAS_PARAMS.callPerArg).toBe(entry('instr.call.per_arg'));
    expect(GAS_PARAMS.callPerLocal).toBe(entry('instr.call.per_local'));
    expect(GAS_PARAMS.callPerTyArg).toBe(entry('instr.call_generic.per_ty_arg'));
    expect(GAS_PARAMS.packPerField).toBe(entry('instr.pack.per_field'));
    expect(GAS_PARAMS.vecPerElem).toBe(entry('instr.vec_pack.per_elem'));
    expect(GAS_PARAMS.perByteSerialized).toBe(
      entry('move_stdlib.bcs.to_bytes.per_byte_serialized'),
    );
    expect(GAS_PARAMS.hashBase).toBe(entry('move_stdlib.hash.sha3_256.base'));
    expect(GAS_PARAMS.hashPerByte).toBe(entry('move_stdlib.hash.sha3_256.per_byte'));
    expect(GAS_PARAMS.abortMsgPerByte).toBe(entry('instr.abort_msg.per_byte'));
  });
});

describe('state keys as a node encodes them', () => {
  it('a resource’s AccessPath and a group member’s group slot', () => {
    const me = `0x${'ab'.repeat(32)}` as const;
    // StructTag 0x…::m::Counter: address, "m", "Counter", no type arguments.
    const tag = 32 + (1 + 1) + (1 + 7) + 1;
    // StateKey::AccessPath { address, path: bcs(Path::Resource(tag)) }
    expect(slotKeyBytes(slotOf(resourceKey(me, `${me}::m::Counter`)))).toBe(1 + 32 + 1 + 1 + tag);
    const core = slotOf(resourceKey(me, '0x1::object::ObjectCore'));
    expect(core).toBe(`g|${me}|0x1::object::ObjectGroup`);
    expect(slotOf(resourceKey(me, '0x1::fungible_asset::FungibleStore'))).toBe(core);
    expect(slotOf(resourceKey(me, '0x1::account::Account'))).not.toBe(core);
    // Path::ResourceGroup(0x1::object::ObjectGroup)
    expect(slotKeyBytes(core)).toBe(1 + 32 + 1 + 1 + (32 + 7 + 12 + 1));
  });
});

describe('values are measured in BCS', () => {
  it('every resource and event of genesis has a layout (none falls back to its JSON text)', () => {
    const sizes = new StateSizes({ get: () => null });
    const unmeasured: string[] = [];
    for (const { value } of genesisWrites(0n)) {
      if (value?.kind === 'resource' && sizes.jsonBytes(value.type, value.data) === null)
        unmeasured.push(value.type);
    }
    for (const event of genesisEvents()) {
      if (sizes.jsonBytes(event.type, event.data) === null) unmeasured.push(event.type);
    }
    expect(unmeasured).toEqual([]);
  });
});

/** The storage fee a transaction's FeeStatement reports. */
function storageFee(done: UserTransactionResponse): bigint {
  const statement = done.events.find(
    (event) => event.type === '0x1::transaction_fee::FeeStatement',
  );
  return BigInt((statement?.data as { storage_fee_octas: string }).storage_fee_octas);
}

describe('storage fees from BCS sizes', () => {
  let chain: Chain;
  let owner: Account;
  let tx: ReturnType<typeof ownerTransactions>;
  let me: string;

  /** `Counter { value: u64 }`; `init` stores one, `bump` adds 1; `make` creates an object. */
  function counterModule(address: string): CompiledModule {
    const b = new ModuleBuilder(address, 'm');
    const counter = b.struct('Counter', 8, [['value', S.u64]]);
    const cref = b.foreignStruct('0x1', 'object', 'ConstructorRef', 2);
    const addressOf = b.use('0x1', 'signer', 'address_of', [S.ref(S.signer)], [S.address]);
    const create = b.use('0x1', 'object', 'create_object', [S.address], [S.struct(cref)]);
    const value = b.field(counter.def, 0);
    b.fn('init', {
      entry: true,
      params: [S.ref(S.signer)],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'LdU64', value: 0n },
        { op: 'Pack', def: counter.def },
        { op: 'MoveTo', def: counter.def },
        { op: 'Ret' },
      ],
    });
    b.fn('bump', {
      entry: true,
      params: [S.ref(S.signer)],
      locals: [S.mut(S.u64)],
      acquires: [counter.def],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'Call', fn: addressOf },
        { op: 'MutBorrowGlobal', def: counter.def },
        { op: 'MutBorrowField', field: value },
        { op: 'StLoc', local: 1 },
        { op: 'CopyLoc', local: 1 },
        { op: 'ReadRef' },
        { op: 'LdU64', value: 1n },
        { op: 'Add' },
        { op: 'MoveLoc', local: 1 },
        { op: 'WriteRef' },
        { op: 'Ret' },
      ],
    });
    b.fn('make', {
      entry: true,
      params: [S.ref(S.signer)],
      code: [
        { op: 'MoveLoc', local: 0 },
        { op: 'Call', fn: addressOf },
        { op: 'Call', fn: create },
        { op: 'Pop' },
        { op: 'Ret' },
      ],
    });
    return b.build();
  }

  const call = (name: string) => tx.send({ function: `${me}::m::${name}`, functionArguments: [] });

  beforeAll(async () => {
    chain = await startChain();
    owner = await fundedAccount(chain, 1_000_000_000);
    me = owner.accountAddress.toString();
    tx = ownerTransactions(chain, owner);
    const published = await tx.publish('m', counterModule(owner.accountAddress.toStringLong()));
    if (!published.success) throw new Error(`publish failed: ${published.vm_status}`);
  }, 60_000);
  afterAll(async () => {
    await chain.localnet.stop();
  });

  it('a new resource pays one slot and the bytes of its key and its BCS value', async () => {
    const done = await call('init');
    expect(done.success, done.vm_status).toBe(true);
    const key = 1 + 32 + 1 + 1 + (32 + 2 + 8 + 1);
    expect(storageFee(done)).toBe(
      GAS.storagePerSlotOctas + BigInt(key + 8) * GAS.storagePerByteOctas,
    );
  });

  it('a changed resource of the same size pays no storage, only IO', async () => {
    const done = await call('bump');
    expect(done.success, done.vm_status).toBe(true);
    expect(storageFee(done)).toBe(0n);
    const statement = done.events.find((e) => e.type === '0x1::transaction_fee::FeeStatement');
    // The write (one slot, key + 8 bytes) alone is worth more than 0.9 units of IO.
    expect(
      Number((statement?.data as { io_gas_units: string }).io_gas_units),
    ).toBeGreaterThanOrEqual(1);
  });

  it('an object’s resources are one group slot: a BTreeMap of struct tags to BCS values', async () => {
    const done = await call('make');
    expect(done.success, done.vm_status).toBe(true);
    const key = 1 + 32 + 1 + 1 + (32 + 7 + 12 + 1); // Path::ResourceGroup(0x1::object::ObjectGroup)
    const coreTag = 32 + 7 + 11 + 1; // 0x1::object::ObjectCore
    // guid_creation_num, owner, allow_ungated_transfer, transfer_events { counter, guid { creation_num, addr } }
    const core = 8 + 32 + 1 + (8 + (8 + 32));
    const group = 1 + coreTag + 1 + core;
    expect(storageFee(done)).toBe(
      GAS.storagePerSlotOctas + BigInt(key + group) * GAS.storagePerByteOctas,
    );
  });
});
