import type { Account } from '@aptos-labs/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledModule, SignatureToken as Sig } from '../../../localnet/move/binary/types.ts';
import { fundedAccount, startChain, type Chain } from '../helpers.ts';
import { AB, op, short, written } from './fwHelpers.ts';
import { ownerTransactions } from './ownerTransactions.ts';
import { ModuleBuilder, S } from './vmBuilder.ts';

/**
 * `0x1::transaction_context` from Move through the REST API with the ts-sdk: an entry function
 * records what the user transaction context gives (sender, gas payer, max gas, gas unit price,
 * chain id, the entry function payload's address, module, function, type argument names and
 * arguments, secondary signers, script hash, an AUID) in a resource, read back from the write
 * set; outside a transaction (a view) the getters abort as the node's natives do.
 */
let chain: Chain;
let owner: Account;
let me: string;
let mine: ReturnType<typeof ownerTransactions>;

function tctxModule(address: string): CompiledModule {
  const b = new ModuleBuilder(address, 'tctx');
  const str = b.foreignStruct('0x1', 'string', 'String', 7);
  const option = b.foreignStruct('0x1', 'option', 'Option', 7, 1);
  const efp = b.foreignStruct(
    '0x1',
    'transaction_context',
    'EntryFunctionPayload',
    AB.copy | AB.drop,
  );
  const auid = b.foreignStruct('0x1', 'transaction_context', 'AUID', AB.drop | AB.store);
  const STR = S.struct(str);
  const EFP = S.struct(efp);
  const fields: Array<[string, Sig]> = [
    ['sender', S.address],
    ['payer', S.address],
    ['max_gas', S.u64],
    ['price', S.u64],
    ['chain', S.u8],
    ['secondary', S.vec(S.address)],
    ['at', S.address],
    ['module_name', STR],
    ['function_name', STR],
    ['ty_args', S.vec(STR)],
    ['args', S.vec(S.vec(S.u8))],
    ['script_hash', S.vec(S.u8)],
    ['auid', S.address],
  ];
  const seen = b.struct('Seen', AB.key, fields);
  const tc = (name: string, params: Sig[], returns: Sig[]) =>
    b.use('0x1', 'transaction_context', name, params, returns);
  const destroySome = b.use(
    '0x1',
    'option',
    'destroy_some',
    [S.struct(option, [S.param(0)])],
    [S.param(0)],
    1,
  );
  const payloadGetter = (name: string, ret: Sig) => tc(name, [S.ref(EFP)], [ret]);
  b.fn('record', {
    entry: true,
    typeParams: 1,
    params: [S.ref(S.signer), S.u64],
    locals: [EFP, S.struct(auid)],
    code: [
      op.mv(0),
      op.call(tc('sender', [], [S.address])),
      op.call(tc('gas_payer', [], [S.address])),
      op.call(tc('max_gas_amount', [], [S.u64])),
      op.call(tc('gas_unit_price', [], [S.u64])),
      op.call(tc('chain_id', [], [S.u8])),
      op.call(tc('secondary_signers', [], [S.vec(S.address)])),
      op.call(tc('entry_function_payload', [], [S.struct(option, [EFP])])),
      op.callG(b.fnInst(destroySome, [EFP])),
      op.st(2),
      op.ref(2),
      op.call(payloadGetter('account_address', S.address)),
      op.ref(2),
      op.call(payloadGetter('module_name', STR)),
      op.ref(2),
      op.call(payloadGetter('function_name', STR)),
      op.ref(2),
      op.call(payloadGetter('type_arg_names', S.vec(STR))),
      op.ref(2),
      op.call(payloadGetter('args', S.vec(S.vec(S.u8)))),
      op.call(tc('get_script_hash', [], [S.vec(S.u8)])),
      op.call(tc('generate_auid', [], [S.struct(auid)])),
      op.st(3),
      op.ref(3),
      op.call(tc('auid_address', [S.ref(S.struct(auid))], [S.address])),
      { op: 'Pack', def: seen.def },
      { op: 'MoveTo', def: seen.def },
      op.ret,
    ],
  });
  b.fn('who', {
    view: true,
    returns: [S.address],
    code: [op.call(tc('sender', [], [S.address])), op.ret],
  });
  return b.build();
}

beforeAll(async () => {
  chain = await startChain();
  owner = await fundedAccount(chain);
  me = owner.accountAddress.toString();
  mine = ownerTransactions(chain, owner);
  const published = await mine.publish('tctx', tctxModule(me));
  expect(published.success, published.vm_status).toBe(true);
}, 60_000);

afterAll(async () => {
  await chain.localnet.stop();
});

describe('transaction_context from Move', () => {
  it('gives the user transaction its sender, gas, chain id and entry function payload', async () => {
    const done = await mine.send({
      function: `${me}::tctx::record`,
      typeArguments: ['0x1::aptos_coin::AptosCoin'],
      functionArguments: [258],
    });
    expect(done.success, done.vm_status).toBe(true);
    const seen = written(done, `${me}::tctx::Seen`).get(short(me));
    const chainId = await chain.aptos.getChainId();
    expect(seen).toMatchObject({
      sender: short(me),
      payer: short(me),
      max_gas: done.max_gas_amount,
      price: done.gas_unit_price,
      chain: chainId,
      secondary: [],
      at: short(me),
      module_name: 'tctx',
      function_name: 'record',
      ty_args: ['0x1::aptos_coin::AptosCoin'],
      args: ['0x0201000000000000'],
      script_hash: '0x',
    });
    expect(seen?.auid).toMatch(/^0x[0-9a-f]+$/);
  });

  it('outside a user transaction the getters abort ETRANSACTION_CONTEXT_NOT_AVAILABLE', async () => {
    await expect(
      chain.aptos.view({ payload: { function: `${me}::tctx::who`, functionArguments: [] } }),
    ).rejects.toThrow(/ETRANSACTION_CONTEXT_NOT_AVAILABLE\(0x30001\)/);
  });
});
