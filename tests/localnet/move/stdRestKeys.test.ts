import { describe, expect, it } from 'vitest';
import type { Value } from '../../../localnet/move/vm/values.ts';
import type { Op } from './frameworkOracle.ts';
import { runOn } from './frameworkOracle.ts';

/**
 * keyless, federated_keyless, single_key and multi_key natives against the framework's own
 * bytecode (frameworkOracle.ts): the keys read from bytes, their aborts and authentication keys.
 */
const ed = Array.from({ length: 32 }, (_, i) => i + 1);
const k1 = Array.from({ length: 64 }, (_, i) => 200 - i);
const iss = Array.from(Buffer.from('https://accounts.google.com'));
const idc = Array.from({ length: 32 }, (_, i) => 7 * i);
const keyless = [iss.length, ...iss, 32, ...idc];
const jwk = Array.from({ length: 32 }, (_, i) => (i === 31 ? 0xaa : 0));
const ANY = {
  ed25519: [0, 32, ...ed],
  secp256k1: [1, 64, ...k1],
  secp256r1: [2, 64, ...k1],
  keyless: [3, ...keyless],
  federated: [4, ...jwk, ...keyless],
};

function compare(spec: Parameters<typeof runOn>[1], create: [string, Value[]], ops: Op[]) {
  const native = runOn(false, spec, create, ops);
  const oracle = runOn(true, spec, create, ops);
  expect(native.results).toEqual(oracle.results);
  expect(native.bytes).toBe(oracle.bytes);
  return native.results;
}
const calls = (list: Array<[string, Value[]]>): Op[] =>
  list.map(([name, args]): Op => [name, () => args]);

describe('key modules against the framework bytecode', () => {
  it('single_key: every scheme, its authentication key and the aborts', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'single_key',
      tys: [],
      type: 'M::single_key::AnyPublicKey',
    };
    for (const bytes of Object.values(ANY)) {
      const results = compare(
        spec,
        ['new_public_key_from_bytes', [bytes]],
        [
          ['to_authentication_key', (k) => [k]],
          ['is_keyless_or_federated_keyless_public_key', (k) => [k]],
        ],
      );
      expect((results[0] as number[][])[0]).toHaveLength(32);
    }
    const results = compare(
      spec,
      ['new_public_key_from_bytes', [ANY.ed25519]],
      calls([
        ['new_public_key_from_bytes', [[...ANY.ed25519, 0]]],
        ['new_public_key_from_bytes', [[5, 0]]],
        ['new_public_key_from_bytes', [[0, 31, ...ed.slice(1)]]],
        ['new_public_key_from_bytes', [[1, 32, ...ed]]],
        [
          'new_public_key_from_bytes',
          [[3, 121, ...Array.from({ length: 121 }, () => 97), 32, ...idc]],
        ],
        ['new_public_key_from_bytes', [[3, ...keyless.slice(0, -1)]]],
        ['from_ed25519_public_key_unvalidated', [[ed]]],
        ['from_ed25519_public_key', [[ed]]],
      ]),
    );
    expect(results[0]).toMatch(/E_INVALID_SINGLE_KEY_EXTRA_BYTES\(0x10002\)/);
    expect(results[1]).toMatch(/E_INVALID_PUBLIC_KEY_TYPE\(0x10001\)/);
    expect(results[2]).toMatch(/^Move abort in 0x1::ed25519/);
    expect(results[4]).toMatch(/^Move abort in 0x1::keyless: E_INVALID_ISSUER_UTF8_BYTES_LENGTH/);
    expect(results[5]).toMatch(/^Move abort in 0x1::bcs_stream: EOUT_OF_BYTES/);
  });

  it('multi_key: from bytes and from single keys', () => {
    const spec = {
      pkg: 'AptosStdlib',
      module: 'multi_key',
      tys: [],
      type: 'M::multi_key::MultiKey',
    };
    const bytes = [3, ...ANY.ed25519, ...ANY.keyless, ...ANY.secp256k1, 2];
    const key = (b: number[]): Value => {
      const [variant, ...rest] = b;
      return variant === 0 ? [0, [rest.slice(1)]] : [1, [rest.slice(1)]];
    };
    const results = compare(
      spec,
      ['new_public_key_from_bytes', [bytes]],
      [
        ['to_authentication_key', (k) => [k]],
        ...calls([
          ['new_public_key_from_bytes', [[...bytes, 1]]],
          ['new_multi_key_from_single_keys', [[key(ANY.ed25519), key(ANY.secp256k1)], 2]],
          ['new_multi_key_from_single_keys', [[], 0]],
          [
            'new_multi_key_from_single_keys',
            [Array.from({ length: 33 }, () => key(ANY.ed25519)), 1],
          ],
          ['new_multi_key_from_single_keys', [[key(ANY.ed25519)], 2]],
        ]),
      ],
    );
    expect(results[1]).toMatch(/E_INVALID_MULTI_KEY_EXTRA_BYTES\(0x10004\)/);
    expect(results[3]).toMatch(/\(0x10001\)/);
    expect(results[4]).toMatch(/\(0x10002\)/);
    expect(results[5]).toMatch(/\(0x10003\)/);
  });

  it('keyless and federated_keyless', () => {
    const spec = { pkg: 'AptosStdlib', module: 'keyless', tys: [], type: 'M::keyless::PublicKey' };
    const results = compare(
      spec,
      ['new_public_key_from_bytes', [keyless]],
      calls([
        ['new', [[iss], idc.slice(1)]],
        ['new', [[iss], idc]],
        ['new_public_key_from_bytes', [[...keyless, 9]]],
      ]),
    );
    expect(results[0]).toMatch(/E_INVALID_ID_COMMITMENT_BYTES_LENGTH\(0x10002\)/);
    const fed = {
      pkg: 'AptosStdlib',
      module: 'federated_keyless',
      tys: [],
      type: 'M::federated_keyless::PublicKey',
    };
    compare(
      fed,
      ['new_public_key_from_bytes', [[...jwk, ...keyless]]],
      calls([
        ['new_public_key_from_bytes', [[...jwk, ...keyless, 0]]],
        ['new', [[[iss], idc], `0x${'0'.repeat(62)}aa`]],
      ]),
    );
  });
});
