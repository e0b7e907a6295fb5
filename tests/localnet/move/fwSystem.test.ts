import type { Account, UserTransactionResponse } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bytecode,
  CompiledModule,
  SignatureToken as Sig,
} from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1`'s system and configuration modules called from Move, through the REST API with the
 * ts-sdk: the framework-signer checks a user's signer fails as on a node (`system_addresses`'
 * codes, in the source's order), the one system function any account may call
 * (`block::initialize_commit_history`), and the getters and constructors as the sources answer
 * over this chain's genesis state (no on-chain configs: defaults, `none`, `MISSING_DATA`).
 */
let chain: Chain;
let owner: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;

const FRAMEWORK_ABORT =
  'Move abort in 0x1::system_addresses: ENOT_APTOS_FRAMEWORK_ADDRESS(0x50003): The address/account did not correspond to the core framework address';

/** `sys`: entry functions handing the sender's signer to framework functions; views over getters. */
function sysModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'sys');
  const signer = S.ref(S.signer);
  const id = b.foreignStruct('0x1', 'guid', 'ID', AB.copy | AB.drop | AB.store);
  const vci = b.foreignStruct('0x1', 'validator_consensus_info', 'ValidatorConsensusInfo', 7);
  const rc = b.foreignStruct('0x1', 'randomness_config', 'RandomnessConfig', 15);
  const point = b.foreignStruct('0x1', 'storage_gas', 'Point', 7);
  const fw = (m: string, f: string, params: Sig[], ret: Sig[] = []) =>
    b.use('0x1', m, f, params, ret);
  const assertFw = fw('system_addresses', 'assert_aptos_framework', [signer]);
  const writeset = fw('block', 'emit_writeset_block_event', [signer, S.address]);
  const commit = fw('block', 'initialize_commit_history', [signer, S.u32]);
  const setVersion = fw('version', 'set_version', [signer, S.u64]);
  const consensus = fw('consensus_config', 'set_for_next_epoch', [signer, S.vec(S.u8)]);
  const empty = b.constant(S.vec(S.u8), [0]);
  const { mv, ret } = op;
  const entry = (name: string, params: Sig[], code: Bytecode[]) =>
    b.fn(name, { entry: true, params, code: [...code, ret] });
  entry('gate_fw', [signer], [mv(0), op.call(assertFw)]);
  entry('gate_vm', [signer, S.address], [mv(0), mv(1), op.call(writeset)]);
  entry('commit', [signer, S.u32], [mv(0), mv(1), op.call(commit)]);
  entry('set_version', [signer], [mv(0), op.u64(2n), op.call(setVersion)]);
  // An empty config: the signer check comes first in consensus_config.move.
  entry('consensus', [signer], [mv(0), { op: 'LdConst', index: empty }, op.call(consensus)]);
  const view = (
    name: string,
    params: Sig[],
    returns: Sig[],
    code: Bytecode[],
    locals: Sig[] = [],
  ) => b.fn(name, { view: true, params, returns, locals, code: [...code, ret] });
  view('epoch', [], [S.u64], [op.call(fw('reconfiguration', 'current_epoch', [], [S.u64]))]);
  view('height', [], [S.u64], [op.call(fw('block', 'get_current_block_height', [], [S.u64]))]);
  view(
    'reserved',
    [S.address],
    [S.bool],
    [
      mv(0),
      op.call(fw('system_addresses', 'is_framework_reserved_address', [S.address], [S.bool])),
    ],
  );
  view(
    'grace',
    [S.u64],
    [],
    [
      mv(0),
      op.call(
        fw(
          'epoch_timeout_config',
          'new_with_grace_period',
          [S.u64],
          [S.struct(b.foreignStruct('0x1', 'epoch_timeout_config', 'EpochTimeoutConfig', 15))],
        ),
      ),
      op.pop,
    ],
  );
  view(
    'point',
    [S.u64, S.u64],
    [S.struct(point)],
    [mv(0), mv(1), op.call(fw('storage_gas', 'new_point', [S.u64, S.u64], [S.struct(point)]))],
  );
  view(
    'rc',
    [],
    [S.struct(rc), S.bool],
    [
      op.call(fw('randomness_config', 'current', [], [S.struct(rc)])),
      op.call(fw('randomness_config', 'enabled', [], [S.bool])),
    ],
  );
  view(
    'guid_id',
    [S.address, S.u64],
    [S.struct(id), S.u64],
    [
      mv(0),
      mv(1),
      op.call(fw('guid', 'create_id', [S.address, S.u64], [S.struct(id)])),
      { op: 'StLoc', local: 2 },
      { op: 'ImmBorrowLoc', local: 2 },
      op.call(fw('guid', 'id_creation_num', [S.ref(S.struct(id))], [S.u64])),
      { op: 'StLoc', local: 3 },
      op.mv(2),
      op.mv(3),
    ],
    [S.struct(id), S.u64],
  );
  view(
    'vci',
    [],
    [S.struct(vci)],
    [op.call(fw('validator_consensus_info', 'default', [], [S.struct(vci)]))],
  );
  const jwk = b.foreignStruct('0x1', 'jwks', 'JWK', 7);
  const str = b.foreignStruct('0x1', 'string', 'String', 7);
  const STR = S.struct(str);
  const utf8 = b.use('0x1', 'string', 'utf8', [S.vec(S.u8)], [S.struct(str)]);
  const text = (t: string): Bytecode[] => [
    { op: 'LdConst', index: b.constant(S.vec(S.u8), [t.length, ...Buffer.from(t)]) },
    op.call(utf8),
  ];
  view(
    'rsa',
    [],
    [S.struct(jwk)],
    [
      ...text('k'),
      ...text('RS256'),
      ...text('AQAB'),
      ...text('n'),
      op.call(
        fw(
          'jwks',
          'new_rsa_jwk',
          [S.struct(str), S.struct(str), S.struct(str), S.struct(str)],
          [S.struct(jwk)],
        ),
      ),
    ],
  );
  entry(
    'keyless',
    [signer],
    [mv(0), op.u64(1n), op.call(fw('keyless_account', 'update_max_exp_horizon', [signer, S.u64]))],
  );
  const info = b.foreignStruct('0x1', 'function_info', 'FunctionInfo', 7);
  const fromAddress = fw(
    'function_info',
    'new_function_info_from_address',
    [S.address, STR, STR],
    [S.struct(info)],
  );
  view(
    'derive',
    [S.address, S.vec(S.u8)],
    [S.struct(info), S.address],
    [
      mv(0),
      ...text('m'),
      ...text('authenticate'),
      op.call(fromAddress),
      { op: 'StLoc', local: 2 },
      op.cp(2),
      op.cp(2),
      { op: 'ImmBorrowLoc', local: 1 },
      op.call(
        fw(
          'account_abstraction',
          'derive_account_address',
          [S.struct(info), S.ref(S.vec(S.u8))],
          [S.address],
        ),
      ),
    ],
    [S.struct(info)],
  );
  view(
    'bad_identifier',
    [S.address],
    [S.struct(info)],
    [mv(0), ...text('1m'), ...text('f'), op.call(fromAddress)],
  );
  entry(
    'register_derivable',
    [signer],
    [
      mv(0),
      { op: 'LdConst', index: b.constant(S.address, Array(32).fill(7)) },
      ...text('m'),
      ...text('f'),
      op.call(
        fw('account_abstraction', 'register_derivable_authentication_function', [
          signer,
          S.address,
          STR,
          STR,
        ]),
      ),
    ],
  );
  view(
    'split',
    [S.vec(S.u8)],
    [S.u8, S.vec(S.u8), S.vec(S.u8)],
    [
      { op: 'ImmBorrowLoc', local: 0 },
      op.call(
        fw(
          'sui_derivable_account',
          'split_signature_bytes',
          [S.ref(S.vec(S.u8))],
          [S.u8, S.vec(S.u8), S.vec(S.u8)],
        ),
      ),
    ],
  );
  entry(
    'permissioned_address',
    [signer],
    [mv(0), op.call(fw('permissioned_signer', 'address_of', [signer], [S.address])), op.pop],
  );
  view('genesis', [], [], [op.call(fw('chain_status', 'assert_genesis', []))]);
  return b.build();
}

const call = (name: string, args: Array<string | number> = []) =>
  mine.send({
    function: `${me}::sys::${name}` as `${string}::${string}::${string}`,
    functionArguments: args,
  });

const viewOf = (name: string, args: Array<string | number | Uint8Array> = []) =>
  chain.aptos.view({
    payload: {
      function: `${me}::sys::${name}` as `${string}::${string}::${string}`,
      functionArguments: args,
    },
  });

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
  const published = await mine.publish('sys', sysModule(me));
  expect(published.success, published.vm_status).toBe(true);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe('framework-only functions from a user signer', () => {
  it('assert_aptos_framework and a setter that checks its config after the signer abort with 0x50003', async () => {
    for (const name of ['gate_fw', 'consensus', 'keyless']) {
      const done = await call(name);
      expect(done.success).toBe(false);
      expect(done.vm_status).toBe(FRAMEWORK_ABORT);
    }
  });

  it('the VM-only block event aborts with EVM', async () => {
    const done = await call('gate_vm', [me]);
    expect(done.vm_status).toBe(
      'Move abort in 0x1::system_addresses: EVM(0x50002): The operation can only be performed by the VM',
    );
  });

  it('version::set_version needs a SetVersionCapability at the signer', async () => {
    const done = await call('set_version');
    expect(done.vm_status).toBe(
      'Move abort in 0x1::version: ENOT_AUTHORIZED(0x50002): Account is not authorized to make this change.',
    );
  });

  it('block::initialize_commit_history publishes a CommitHistory at any signer, once', async () => {
    const zero = await call('commit', [0]);
    expect(zero.vm_status).toBe(
      'Move abort in 0x1::block: EZERO_MAX_CAPACITY(0x10003): The maximum capacity of the commit history cannot be 0.',
    );
    const done: UserTransactionResponse = await call('commit', [7]);
    expect(done.success, done.vm_status).toBe(true);
    const history = written(done, '0x1::block::CommitHistory').get(short(me));
    expect(history).toMatchObject({ max_capacity: 7, next_idx: 0, table: { length: '0' } });
    const again = await call('commit', [7]);
    expect(again.success).toBe(false);
    expect(written(again, '0x1::block::CommitHistory').size).toBe(0);
  });
});

describe('getters and constructors', () => {
  it('reads of resources genesis does not write are MISSING_DATA', async () => {
    await expect(viewOf('epoch')).rejects.toThrow(/MISSING_DATA/);
    await expect(viewOf('height')).rejects.toThrow(/MISSING_DATA/);
  });

  it('randomness_config::current is ConfigOff packed in an Any, enabled() false', async () => {
    const [config, enabled] = await viewOf('rc');
    expect(config).toEqual({
      variant: { type_name: '0x1::randomness_config::ConfigOff', data: '0x00' },
    });
    expect(enabled).toBe(false);
  });

  it('jwks::new_rsa_jwk packs an RSA_JWK (kty RSA) as its BCS in an Any', async () => {
    const bcs = (t: string) => [t.length, ...Buffer.from(t)];
    const data = [...bcs('k'), ...bcs('RSA'), ...bcs('RS256'), ...bcs('AQAB'), ...bcs('n')];
    expect(await viewOf('rsa')).toEqual([
      {
        variant: {
          type_name: '0x1::jwks::RSA_JWK',
          data: `0x${Buffer.from(data).toString('hex')}`,
        },
      },
    ]);
  });

  it('pure constructors and their argument checks', async () => {
    expect(await viewOf('reserved', ['0xa'])).toEqual([true]);
    expect(await viewOf('reserved', ['0xb'])).toEqual([false]);
    expect(await viewOf('point', [10000, 3])).toEqual([{ x: '10000', y: '3' }]);
    await expect(viewOf('point', [10001, 0])).rejects.toThrow(/EINVALID_POINT_RANGE\(0x10006\)/);
    await expect(viewOf('grace', [0])).rejects.toThrow(
      /E_GRACE_PERIOD_MUST_BE_POSITIVE\(0x10001\)/,
    );
    expect(await viewOf('guid_id', [me, 5])).toEqual([{ creation_num: '5', addr: short(me) }, '5']);
    expect(await viewOf('vci')).toEqual([{ addr: '0x0', pk_bytes: '0x', voting_power: '0' }]);
    await expect(viewOf('genesis')).rejects.toThrow(/ENOT_OPERATING\(0x30001\)/);
  });
});

describe('account abstraction, function_info and removed features', () => {
  it('derive_account_address hashes the FunctionInfo as derive_account_address_view does', async () => {
    const key = '0x0102';
    const [info, derived] = await viewOf('derive', [me, key]);
    expect(info).toEqual({
      module_address: short(me),
      module_name: 'm',
      function_name: 'authenticate',
    });
    const [expected] = await chain.aptos.view({
      payload: {
        function: '0x1::account_abstraction::derive_account_address_view',
        functionArguments: [me, 'm', 'authenticate', key],
      },
    });
    expect(derived).toBe(expected);
    await expect(viewOf('bad_identifier', [me])).rejects.toThrow(/EINVALID_IDENTIFIER\(0x1\)/);
  });

  it('register_derivable_authentication_function checks the framework signer', async () => {
    const done = await call('register_derivable');
    expect(done.vm_status).toBe(FRAMEWORK_ABORT);
  });

  it('sui_derivable_account::split_signature_bytes: scheme, 64-byte signature, 32-byte key', async () => {
    const bytes = Array.from({ length: 97 }, (_, i) => i);
    const hex = (b: number[]) => `0x${Buffer.from(b).toString('hex')}`;
    expect(await viewOf('split', [Uint8Array.from(bytes)])).toEqual([
      0,
      hex(bytes.slice(1, 65)),
      hex(bytes.slice(65)),
    ]);
    await expect(viewOf('split', [Uint8Array.of(0)])).rejects.toThrow(
      /EINVALID_SIGNATURE_LENGTH\(0x4\)/,
    );
  });

  it('permissioned_signer::address_of aborts EPERMISSION_SIGNER_DISABLED', async () => {
    const done = await call('permissioned_address');
    expect(done.vm_status).toBe(
      'Move abort in 0x1::permissioned_signer: EPERMISSION_SIGNER_DISABLED(0x50009): Permissioned signer feature is not activated.',
    );
  });
});

describe('federated JWKs', () => {
  const update = (kids: string[], algs: string[], n = 'nn') =>
    mine.send({
      function: '0x1::jwks::update_federated_jwk_set',
      functionArguments: [
        new TextEncoder().encode('https://issuer'),
        kids,
        algs,
        kids.map(() => 'AQAB'),
        kids.map(() => n),
      ],
    });
  const bcs = (t: string) => [t.length, ...Buffer.from(t)];
  const rsa = (kid: string) => ({
    variant: {
      type_name: '0x1::jwks::RSA_JWK',
      data: `0x${Buffer.from([...bcs(kid), ...bcs('RSA'), ...bcs('RS256'), ...bcs('AQAB'), ...bcs('nn')]).toString('hex')}`,
    },
  });

  it('update_federated_jwk_set writes the issuer’s RSA JWKs at the signer, sorted by kid', async () => {
    const done = await update(['kb', 'ka'], ['RS256', 'RS256']);
    expect(done.success, done.vm_status).toBe(true);
    expect(written(done, '0x1::jwks::FederatedJWKs').get(short(me))).toEqual({
      jwks: {
        entries: [
          {
            issuer: `0x${Buffer.from('https://issuer').toString('hex')}`,
            version: '0',
            jwks: [rsa('ka'), rsa('kb')],
          },
        ],
      },
    });
  });

  it('refuses a set of unequal lengths and one past 4 KiB', async () => {
    const uneven = await update(['ka'], []);
    expect(uneven.vm_status).toBe('Move abort in 0x1::jwks: EINVALID_FEDERATED_JWK_SET(0x10009): ');
    const large = await update(['ka'], ['RS256'], 'n'.repeat(4096));
    expect(large.vm_status).toBe('Move abort in 0x1::jwks: EFEDERATED_JWKS_TOO_LARGE(0x10008): ');
  });
});
