import {
  AccountAddress,
  AccountAuthenticatorNoAccountAuthenticator,
  ChainId,
  Deserializer,
  EntryFunction,
  Hex,
  RawTransaction,
  SignedTransaction,
  SimpleTransaction,
  TransactionAuthenticatorSingleSender,
  TransactionPayloadEntryFunction,
  U64,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it, vi } from 'vitest';
import {
  abortCodeHex,
  childrenIndex,
  failingPath,
  fetchMoveTrace,
  gasUnitsText,
  MoveTraceFormatError,
  MoveTraceUnavailableError,
  parseMoveTrace,
  simulationTransactionHex,
  subtreeEnds,
  totalInternalGas,
} from '../../../replay/moveTrace';
import { fungibleAssetTransfer, generatedTrace, threeFrameAbort } from '../../fixtures/moveTraces';

function jsonClone(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

describe('parseMoveTrace', () => {
  it('takes the three fixtures as they are', () => {
    for (const trace of [threeFrameAbort(), fungibleAssetTransfer(), generatedTrace()]) {
      expect(parseMoveTrace(jsonClone(trace))).toEqual(trace);
    }
  });

  it.each([
    ['not an object', () => 'hello', '', 'must be an object'],
    [
      'another format',
      (t: Record<string, unknown>) => ({ ...t, format: 'x@2' }),
      'format',
      'tx-workbench/move-trace@1',
    ],
    [
      'a number for gasUsed',
      (t: Record<string, unknown>) => ({ ...t, gasUsed: 12 }),
      'gasUsed',
      'decimal string',
    ],
    [
      'a zero gas scale',
      (t: Record<string, unknown>) => ({ ...t, gasScale: '0' }),
      'gasScale',
      'must not be 0',
    ],
    [
      'a frame out of order',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[2] = { ...frames[2], id: 5 };
        return t;
      },
      'frames[2].id',
      'its index',
    ],
    [
      'a parent after its child',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[2] = { ...frames[2], parent: 3 };
        return t;
      },
      'frames[2].parent',
      'from -1 to 1',
    ],
    [
      'a wrong depth',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[3] = { ...frames[3], depth: 1 };
        return t;
      },
      'frames[3].depth',
      'one more',
    ],
    [
      'an unknown frame kind',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[1] = { ...frames[1], kind: 'evm' };
        return t;
      },
      'frames[1].kind',
      'one of transaction, bytecode, native, script',
    ],
    [
      'a read index past the reads',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[1] = { ...frames[1], reads: [4] };
        return t;
      },
      'frames[1].reads[0]',
      'from 0 to 0',
    ],
    [
      "a frame's own IO gas as a number",
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[2] = { ...frames[2], selfGas: { execution: '1', io: 40, storageOctas: '0' } };
        return t;
      },
      'frames[2].selfGas.io',
      'decimal string',
    ],
    [
      'a type argument that is not a string',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[1] = { ...frames[1], typeArgs: ['0x1::aptos_coin::AptosCoin', 7] };
        return t;
      },
      'frames[1].typeArgs[1]',
      'must be a string',
    ],
    [
      'a frame whose status is not known',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[2] = { ...frames[2], status: 'panicked' };
        return t;
      },
      'frames[2].status',
      'one of success, abort, error, out_of_gas',
    ],
    [
      'an abort code as a number',
      (t: Record<string, unknown>) => {
        const frames = t.frames as Record<string, unknown>[];
        frames[3] = { ...frames[3], abort: { code: 65539 } };
        return t;
      },
      'frames[3].abort.code',
      'decimal string',
    ],
    [
      'no truncated flags',
      (t: Record<string, unknown>) => ({ ...t, truncated: {} }),
      'truncated.frames',
      'true or false',
    ],
  ])('refuses %s, naming where', (_what, change, path, message) => {
    const json = change(jsonClone(threeFrameAbort()));
    let error: unknown;
    try {
      parseMoveTrace(json);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MoveTraceFormatError);
    expect((error as MoveTraceFormatError).path).toBe(path);
    expect((error as Error).message).toContain('Not a Move trace');
    expect((error as Error).message).toContain(message);
  });
});

describe('trace helpers', () => {
  it('finds the failing path from the root to the aborting frame', () => {
    expect(failingPath(threeFrameAbort())).toEqual([0, 1, 2, 3]);
    expect(failingPath(fungibleAssetTransfer())).toEqual([]);
    const big = generatedTrace();
    const path = failingPath(big);
    expect(path[0]).toBe(0);
    expect(path.at(-1)).toBe(big.frames.length - 1);
    path.slice(1).forEach((id, index) => expect(big.frames[id]?.parent).toBe(path[index]));
  });

  it('indexes children in call order and each subtree’s end', () => {
    const trace = fungibleAssetTransfer();
    expect(childrenIndex(trace)).toEqual([[1], [2, 4, 5], [3], [], [], [6, 8], [7], [], [9], []]);
    expect(Array.from(subtreeEnds(trace))).toEqual([10, 10, 4, 4, 5, 10, 8, 8, 10, 10]);
  });

  it('sums the frames to the fee: inclusive gas is own plus children', () => {
    const trace = generatedTrace(2_000);
    const children = childrenIndex(trace);
    for (const frame of trace.frames) {
      const sum = (children[frame.id] ?? []).reduce(
        (total, child) => total + BigInt(trace.frames[child]?.gas.execution ?? '0'),
        BigInt(frame.selfGas.execution),
      );
      expect(String(sum)).toBe(frame.gas.execution);
    }
  });

  it('shows internal gas in gas units with bigint rounding, never through number', () => {
    expect(gasUnitsText('1234567', '1000000')).toBe('1.23');
    expect(gasUnitsText('1235000', '1000000')).toBe('1.24');
    expect(gasUnitsText('5000000', '1000000')).toBe('5');
    expect(gasUnitsText('4000', '1000000')).toBe('0');
    expect(gasUnitsText('18446744073709551615000000', '1000000', 0)).toBe(
      '18,446,744,073,709,551,615',
    );
    const trace = fungibleAssetTransfer();
    // Storage octas count at the gas unit price: 0 here, so the root's total is execution + IO.
    const root = trace.frames[0];
    if (!root) throw new Error('no root');
    expect(totalInternalGas(root.gas, trace)).toBe(
      BigInt(root.gas.execution) + BigInt(root.gas.io),
    );
    expect(totalInternalGas({ execution: '0', io: '0', storageOctas: '100' }, trace)).toBe(
      1_000_000n,
    );
    expect(abortCodeHex('65539')).toBe('0x10003');
  });
});

describe('fetchMoveTrace', () => {
  it('posts the request beside /v1 and parses the answer', async () => {
    const trace = threeFrameAbort();
    const fetch = vi.fn(async () => new Response(JSON.stringify(trace)));
    const got = await fetchMoveTrace('http://127.0.0.1:8080/v1/', { version: '42' }, { fetch });
    expect(got).toEqual(trace);
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:8080/workbench/trace', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"version":"42"}',
    });
  });

  it('says when the node is not the embedded chain, and relays the chain’s message', async () => {
    const missing = vi.fn(async () => new Response('{"message":"no route"}', { status: 404 }));
    await expect(
      fetchMoveTrace(
        'https://fullnode.testnet.aptoslabs.com/v1',
        { version: '1' },
        { fetch: missing },
      ),
    ).rejects.toThrow(MoveTraceUnavailableError);
    const unknown = vi.fn(
      async () =>
        new Response('{"message":"Version 99 not found","error_code":"version_not_found"}', {
          status: 404,
        }),
    );
    await expect(
      fetchMoveTrace('http://127.0.0.1:8080/v1', { version: '99' }, { fetch: unknown }),
    ).rejects.toThrow('The trace failed: Version 99 not found');
    const notTrace = vi.fn(async () => new Response('{"hello":1}'));
    await expect(
      fetchMoveTrace('http://127.0.0.1:8080/v1', { version: '1' }, { fetch: notTrace }),
    ).rejects.toThrow(MoveTraceFormatError);
  });

  it('builds simulation bytes from a built transaction, its signature zeroed', () => {
    const sender = AccountAddress.from('0xb0b', { maxMissingChars: 63 });
    const raw = new RawTransaction(
      sender,
      3n,
      new TransactionPayloadEntryFunction(
        EntryFunction.build('0x1::aptos_account', 'transfer', [], [sender, new U64(1n)]),
      ),
      2000n,
      100n,
      1n,
      new ChainId(4),
    );
    const hex = simulationTransactionHex({
      rawTransactionHex: Hex.fromHexInput(new SimpleTransaction(raw).bcsToBytes()).toString(),
    });
    const signed = SignedTransaction.deserialize(
      new Deserializer(Hex.fromHexInput(hex).toUint8Array()),
    );
    expect(signed.raw_txn.sequence_number).toBe(3n);
    expect(signed.raw_txn.sender.toString()).toBe(sender.toString());
    expect(signed.authenticator).toBeInstanceOf(TransactionAuthenticatorSingleSender);
    expect((signed.authenticator as TransactionAuthenticatorSingleSender).sender).toBeInstanceOf(
      AccountAuthenticatorNoAccountAuthenticator,
    );
  });
});
