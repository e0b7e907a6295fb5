/**
 * Move values in process (localnet/executor/moveValues.ts): BCS arguments decoded by type (every
 * integer width at its limits, bool, address, vectors, String, Object, Option), JSON view
 * arguments, REST JSON printing and BCS encoding, with the errors for bad input. Expected bytes
 * come from the ts-sdk's serializer, not from the code under test.
 */
import {
  AccountAddress,
  Bool,
  MoveOption,
  MoveString,
  MoveVector,
  Serializer,
  U128,
  U16,
  U256,
  U32,
  U64,
  U8,
  type Serializable,
} from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import {
  ArgumentError,
  argumentFromJson,
  decodeArgument,
  encodeValue,
  substitute,
  typeTagOf,
  valueToJson,
} from '../../localnet/executor/moveValues.ts';

const bcs = (value: Serializable) => value.bcsToBytes();
const ADDRESS = `0x${'00'.repeat(31)}2a`;
const decode = (type: string, bytes: Uint8Array) => decodeArgument(typeTagOf(type), bytes);
const fromJson = (type: string, json: Parameters<typeof argumentFromJson>[1]) =>
  argumentFromJson(typeTagOf(type), json);

function argumentError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ArgumentError);
    expect((error as Error).name).toBe('ArgumentError');
    return (error as Error).message;
  }
  throw new Error('expected an ArgumentError');
}

describe('typeTagOf and substitute', () => {
  it('parses ABI types, generics included, and returns the same tag for the same text', () => {
    expect(typeTagOf('vector<u8>').toString()).toBe('vector<u8>');
    expect(typeTagOf('0x1::object::Object<T0>').toString()).toBe('0x1::object::Object<T0>');
    expect(typeTagOf('&signer').toString()).toBe('&signer');
    expect(typeTagOf('u64')).toBe(typeTagOf('u64'));
  });

  it('replaces T0, T1 with the call’s type arguments and refuses a missing one', () => {
    const args = [typeTagOf('u8'), typeTagOf('bool')];
    expect(substitute(typeTagOf('T1'), args).toString()).toBe('bool');
    expect(substitute(typeTagOf('T0'), args).toString()).toBe('u8');
    expect(substitute(typeTagOf('u64'), args).toString()).toBe('u64');
    expect(argumentError(() => substitute(typeTagOf('T2'), args))).toBe('missing type argument T2');
  });
});

describe('decodeArgument', () => {
  it('decodes every unsigned width little-endian: small ones as numbers, wide ones as bigint', () => {
    expect(decode('u8', bcs(new U8(255)))).toBe(255);
    expect(decode('u16', bcs(new U16(0x1234)))).toBe(0x1234);
    expect(decode('u32', bcs(new U32(4_294_967_295)))).toBe(4_294_967_295);
    expect(decode('u64', bcs(new U64(18_446_744_073_709_551_615n)))).toBe(
      18_446_744_073_709_551_615n,
    );
    expect(decode('u64', bcs(new U64(0x0102030405060708n)))).toBe(0x0102030405060708n);
    expect(decode('u128', bcs(new U128(2n ** 128n - 1n)))).toBe(2n ** 128n - 1n);
    expect(decode('u256', bcs(new U256(2n ** 255n + 7n)))).toBe(2n ** 255n + 7n);
    expect(decode('u64', bcs(new U64(0n)))).toBe(0n);
  });

  it('decodes bools strictly', () => {
    expect(decode('bool', new Uint8Array([1]))).toBe(true);
    expect(decode('bool', new Uint8Array([0]))).toBe(false);
    expect(argumentError(() => decode('bool', new Uint8Array([2])))).toBe('invalid bool');
  });

  it('decodes addresses and objects long-form', () => {
    const bytes = bcs(AccountAddress.from(ADDRESS));
    expect(decode('address', bytes)).toBe(ADDRESS);
    expect(decode('0x1::object::Object<0x1::fungible_asset::Metadata>', bytes)).toBe(ADDRESS);
  });

  it('decodes vector<u8> as bytes, other vectors item by item, nested ones too', () => {
    expect(decode('vector<u8>', bcs(MoveVector.U8([1, 2, 3])))).toEqual(new Uint8Array([1, 2, 3]));
    expect(decode('vector<u64>', bcs(MoveVector.U64([5, 6])))).toEqual([5n, 6n]);
    expect(decode('vector<u16>', bcs(new MoveVector([new U16(1), new U16(300)])))).toEqual([
      1, 300,
    ]);
    const nested = new MoveVector([MoveVector.U8([9]), MoveVector.U8([])]);
    expect(decode('vector<vector<u8>>', bcs(nested))).toEqual([
      new Uint8Array([9]),
      new Uint8Array(),
    ]);
    expect(decode('vector<bool>', bcs(MoveVector.Bool([])))).toEqual([]);
  });

  it('decodes String and Option', () => {
    expect(decode('0x1::string::String', bcs(new MoveString('héllo')))).toBe('héllo');
    expect(decode('0x1::option::Option<u64>', bcs(new MoveOption(new U64(3n))))).toEqual([3n]);
    expect(decode('0x1::option::Option<u64>', bcs(new MoveOption<U64>()))).toEqual([]);
    expect(argumentError(() => decode('0x1::option::Option<u8>', new Uint8Array([2, 1, 1])))).toBe(
      'an option holds at most one value',
    );
  });

  it('refuses structs and types that cannot be arguments', () => {
    expect(
      argumentError(() => decode('0x1::coin::Coin<0x1::aptos_coin::AptosCoin>', new Uint8Array())),
    ).toBe('struct 0x1::coin::Coin cannot be an argument');
    expect(argumentError(() => decode('signer', new Uint8Array()))).toBe(
      'type signer cannot be an argument',
    );
  });

  it('refuses trailing and missing bytes', () => {
    expect(argumentError(() => decode('u8', new Uint8Array([1, 2])))).toBe(
      'trailing bytes in argument',
    );
    expect(argumentError(() => decode('u64', new Uint8Array([1, 2])))).toMatch(/end of buffer/i);
  });

  it('reads a lone integer or address of its exact size as the deserializer reads it in a vector', () => {
    // The direct read (no deserializer) for the common arguments against the general path, which a
    // one-item vector takes: random bytes at every width, and lengths one off either way.
    const seeded = (() => {
      let state = 0x2545f491;
      return () => {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        return (state >>> 0) & 0xff;
      };
    })();
    const sizes: Array<[string, number]> = [
      ['u8', 1],
      ['u16', 2],
      ['u32', 4],
      ['u64', 8],
      ['u128', 16],
      ['u256', 32],
      ['address', 32],
    ];
    for (const [type, size] of sizes) {
      for (let round = 0; round < 50; round += 1) {
        const bytes = Uint8Array.from({ length: size }, seeded);
        if (round === 0) bytes.fill(0xff);
        if (round === 1) bytes.fill(0);
        const inVector = decode(`vector<${type}>`, new Uint8Array([1, ...bytes])) as unknown[];
        expect(decode(type, bytes)).toEqual(inVector[0]);
        expect(typeof decode(type, bytes)).toBe(
          size <= 4 ? 'number' : size === 32 && type === 'address' ? 'string' : 'bigint',
        );
      }
      expect(argumentError(() => decode(type, new Uint8Array(size + 1)))).toBe(
        'trailing bytes in argument',
      );
      expect(argumentError(() => decode(type, new Uint8Array(size - 1)))).toMatch(/end of buffer/i);
    }
  });
});

describe('argumentFromJson', () => {
  it('takes integers as numbers or decimal strings, within the width', () => {
    expect(fromJson('u8', 255)).toBe(255);
    expect(fromJson('u8', '7')).toBe(7);
    expect(fromJson('u32', 4_294_967_295)).toBe(4_294_967_295);
    expect(fromJson('u64', '18446744073709551615')).toBe(18_446_744_073_709_551_615n);
    expect(fromJson('u64', 12)).toBe(12n);
    expect(fromJson('u128', '0')).toBe(0n);
    expect(argumentError(() => fromJson('u8', 256))).toBe('integer out of range: 256');
    expect(argumentError(() => fromJson('u64', '18446744073709551616'))).toBe(
      'integer out of range: 18446744073709551616',
    );
    // A negative number was once taken as a negative u64.
    expect(argumentError(() => fromJson('u64', -1))).toBe('expected an unsigned integer, got -1');
    expect(argumentError(() => fromJson('u8', -3))).toBe('expected an unsigned integer, got -3');
    expect(fromJson('u16', 0)).toBe(0);
    expect(argumentError(() => fromJson('u64', 1.5))).toBe('expected an unsigned integer, got 1.5');
    expect(argumentError(() => fromJson('u64', '-1'))).toBe(
      'expected an unsigned integer, got "-1"',
    );
    expect(argumentError(() => fromJson('u64', '1e3'))).toBe(
      'expected an unsigned integer, got "1e3"',
    );
    expect(argumentError(() => fromJson('u64', ' 1'))).toBe(
      'expected an unsigned integer, got " 1"',
    );
    expect(argumentError(() => fromJson('u64', '1 '))).toBe(
      'expected an unsigned integer, got "1 "',
    );
    expect(argumentError(() => fromJson('u64', true))).toBe(
      'expected an unsigned integer, got true',
    );
    expect(argumentError(() => fromJson('u64', 2 ** 53))).toBe(
      'expected an unsigned integer, got 9007199254740992',
    );
  });

  it('takes bools only as JSON booleans', () => {
    expect(fromJson('bool', true)).toBe(true);
    expect(fromJson('bool', false)).toBe(false);
    expect(argumentError(() => fromJson('bool', 'true'))).toBe('expected a bool, got "true"');
  });

  it('takes addresses short or long, and objects bare or as { inner }', () => {
    expect(fromJson('address', '0x2a')).toBe(ADDRESS);
    expect(argumentError(() => fromJson('address', 42))).toBe('expected an address, got 42');
    expect(argumentError(() => fromJson('address', 'zz'))).toBe('expected an address, got "zz"');
    const object = '0x1::object::Object<0x1::fungible_asset::Metadata>';
    expect(fromJson(object, '0x2a')).toBe(ADDRESS);
    expect(fromJson(object, { inner: '0x2a' })).toBe(ADDRESS);
    expect(argumentError(() => fromJson(object, { inner: null }))).toBe(
      'expected an address, got null',
    );
    expect(argumentError(() => fromJson(object, {}))).toBe('expected an address, got {}');
    expect(argumentError(() => fromJson(object, null))).toBe('expected an address, got null');
    expect(argumentError(() => fromJson(object, ['0x2a']))).toBe(
      'expected an address, got ["0x2a"]',
    );
  });

  it('takes vector<u8> as hex, other vectors as arrays', () => {
    expect(fromJson('vector<u8>', '0x0aff')).toEqual(new Uint8Array([10, 255]));
    expect(fromJson('vector<u8>', '0x')).toEqual(new Uint8Array());
    expect(fromJson('vector<u8>', [1, 2])).toEqual([1, 2]);
    expect(argumentError(() => fromJson('vector<u8>', '0xabc'))).toBe('expected hex bytes');
    expect(argumentError(() => fromJson('vector<u8>', 'ab'))).toBe('expected hex bytes');
    expect(argumentError(() => fromJson('vector<u8>', '0xzz'))).toBe('expected hex bytes');
    expect(argumentError(() => fromJson('vector<u8>', '0x00 '))).toBe('expected hex bytes');
    expect(argumentError(() => fromJson('vector<u8>', 'zz0x00'))).toBe('expected hex bytes');
    expect(fromJson('vector<u64>', ['1', 2])).toEqual([1n, 2n]);
    expect(argumentError(() => fromJson('vector<u64>', '1'))).toBe('expected an array, got "1"');
  });

  it('takes strings and options', () => {
    expect(fromJson('0x1::string::String', 'abc')).toBe('abc');
    expect(argumentError(() => fromJson('0x1::string::String', 1))).toBe('expected a string');
    const option = '0x1::option::Option<u64>';
    expect(fromJson(option, null)).toEqual([]);
    expect(fromJson(option, { vec: ['5'] })).toEqual([5n]);
    expect(fromJson(option, { vec: [] })).toEqual([]);
    expect(fromJson(option, '6')).toEqual([6n]);
    expect(argumentError(() => fromJson(option, { vec: 'x' }))).toBe(
      'expected an unsigned integer, got {"vec":"x"}',
    );
    expect(argumentError(() => fromJson(option, ['5']))).toBe(
      'expected an unsigned integer, got ["5"]',
    );
  });

  it('refuses other structs and signers', () => {
    expect(
      argumentError(() => fromJson('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>', {})),
    ).toBe('type 0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin> cannot be an argument');
    expect(argumentError(() => fromJson('signer', '0x1'))).toBe(
      'type signer cannot be an argument',
    );
  });
});

describe('valueToJson', () => {
  it('prints as the REST API does', () => {
    expect(valueToJson(typeTagOf('u8'), 7)).toBe(7);
    expect(valueToJson(typeTagOf('u32'), 4_294_967_295)).toBe(4_294_967_295);
    expect(valueToJson(typeTagOf('u64'), 7n)).toBe('7');
    expect(valueToJson(typeTagOf('u256'), 2n ** 200n)).toBe((2n ** 200n).toString());
    expect(valueToJson(typeTagOf('bool'), false)).toBe(false);
    expect(valueToJson(typeTagOf('address'), ADDRESS)).toBe('0x2a');
    expect(valueToJson(typeTagOf('vector<u8>'), new Uint8Array([1, 255]))).toBe('0x01ff');
    expect(valueToJson(typeTagOf('vector<u64>'), [1n, 2n])).toEqual(['1', '2']);
    expect(valueToJson(typeTagOf('0x1::string::String'), 'hi')).toBe('hi');
    expect(valueToJson(typeTagOf('0x1::object::Object<T0>'), ADDRESS)).toEqual({ inner: '0x2a' });
    expect(valueToJson(typeTagOf('0x1::option::Option<u64>'), [3n])).toEqual({ vec: ['3'] });
    expect(valueToJson(typeTagOf('0x1::option::Option<u64>'), [])).toEqual({ vec: [] });
    expect(valueToJson(typeTagOf('&u64'), 9n)).toBe('9');
    expect(valueToJson(typeTagOf('0x1::coin::Coin<0x1::aptos_coin::AptosCoin>'), [])).toBeNull();
    expect(valueToJson(typeTagOf('signer'), ADDRESS)).toBeNull();
  });
});

describe('encodeValue', () => {
  it('BCS-encodes as the SDK does', () => {
    const expectSame = (
      type: string,
      value: Parameters<typeof encodeValue>[1],
      sdk: Serializable,
    ) =>
      expect(Buffer.from(encodeValue(typeTagOf(type), value)).toString('hex')).toBe(
        Buffer.from(bcs(sdk)).toString('hex'),
      );
    expectSame('u8', 200, new U8(200));
    expectSame('u16', 513, new U16(513));
    expectSame('u64', 2n ** 64n - 2n, new U64(2n ** 64n - 2n));
    expectSame('u128', 5n, new U128(5n));
    expectSame('bool', true, new Bool(true));
    expectSame('bool', false, new Bool(false));
    expectSame('address', ADDRESS, AccountAddress.from(ADDRESS));
    expectSame('vector<u8>', new Uint8Array([1, 2, 3]), MoveVector.U8([1, 2, 3]));
    expectSame('vector<u32>', [1, 70_000], MoveVector.U32([1, 70_000]));
    expectSame('vector<vector<u8>>', [new Uint8Array([4])], new MoveVector([MoveVector.U8([4])]));
    const serializer = new Serializer();
    serializer.serializeU32AsUleb128(0);
    expect(encodeValue(typeTagOf('vector<u64>'), [])).toEqual(serializer.toUint8Array());
  });

  it('refuses what a table key or value cannot be here', () => {
    expect(argumentError(() => encodeValue(typeTagOf('0x1::string::String'), 'x'))).toBe(
      'cannot encode 0x1::string::String',
    );
  });
});
