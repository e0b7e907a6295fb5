import type { LongAddress } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import { STATUS_CODES } from '../../move/vm/statusCodes.ts';
import type { Value } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import type { NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError, VmStatusError } from '../context.ts';
import {
  deref,
  fieldsOf,
  none,
  objectAddress,
  readResource,
  removeResource,
  resourceExists,
  some,
  writeResource,
} from '../vmState.ts';
import {
  constructorAddress,
  KEY,
  OBJECT_T,
  outOfRange,
  TOKEN_OBJECTS_ADDRESS,
} from './tokenObjects.ts';

const ROYALTY = '0x4::royalty';
export const ROYALTY_TYPE = '0x4::royalty::Royalty';
const ROYALTY_ARG = '0x4::royalty::Royalty';

const errors = {
  missing: moduleError(
    ERROR_CATEGORY.notFound,
    1n,
    'EROYALTY_DOES_NOT_EXIST',
    'Royalty does not exist',
  ),
  exceeds: outOfRange(2n, 'EROYALTY_EXCEEDS_MAXIMUM', 'The royalty cannot be greater than 100%'),
  zero: outOfRange(3n, 'EROYALTY_DENOMINATOR_IS_ZERO', 'The royalty denominator cannot be 0'),
};

/** `royalty::create`: `Royalty { numerator, denominator, payee_address }` after its checks. */
export function createRoyalty(numerator: bigint, denominator: bigint, payee: LongAddress): Value {
  if (denominator === 0n) abort(ROYALTY, errors.zero);
  if (numerator > denominator) abort(ROYALTY, errors.exceeds);
  return [numerator, denominator, payee];
}

/** `move_to(&object_signer, royalty)`: `RESOURCE_ALREADY_EXISTS` when the object has one. */
export function initRoyalty(host: NativeHost, address: LongAddress, royalty: Value): void {
  if (resourceExists(host, address, ROYALTY_TYPE)) {
    throw new VmStatusError('RESOURCE_ALREADY_EXISTS', STATUS_CODES.RESOURCE_ALREADY_EXISTS);
  }
  writeResource(host, address, ROYALTY_TYPE, deref(royalty));
}

/** `royalty::get`: the object's `Royalty` as an `Option`. */
export function royaltyOf(host: NativeHost, address: LongAddress): Value {
  const royalty = readResource(host, address, ROYALTY_TYPE);
  return royalty === undefined ? none() : some(royalty);
}

/** `royalty::delete` (friend of `token`): `EROYALTY_DOES_NOT_EXIST` when absent. */
export function deleteRoyalty(host: NativeHost, address: LongAddress): void {
  if (!resourceExists(host, address, ROYALTY_TYPE)) abort(ROYALTY, errors.missing);
  removeResource(host, address, ROYALTY_TYPE);
}

const field = (name: string, index: number, returns: string) =>
  fn(name, { params: [`&${ROYALTY_ARG}`], returns: [returns] }, (host, _t, [royalty]) => {
    host.charge(1_000);
    return [fieldsOf(royalty as Value)[index] as Value];
  });

/** `0x4::royalty`: the `Royalty` a collection (or token) object holds. */
export const royaltyModule: NativeModule = {
  address: TOKEN_OBJECTS_ADDRESS,
  name: 'royalty',
  friends: ['0x4::token'],
  structs: [
    struct(
      'Royalty',
      ['copy', 'drop', 'key'],
      [
        ['numerator', 'u64'],
        ['denominator', 'u64'],
        ['payee_address', 'address'],
      ],
    ),
    struct('MutatorRef', ['drop', 'store'], [['inner', '0x1::object::ExtendRef']]),
  ],
  functions: [
    fn(
      'init',
      { params: ['&0x1::object::ConstructorRef', ROYALTY_ARG] },
      (host, _t, [ref, royalty]) => {
        host.charge(20_000);
        initRoyalty(host, constructorAddress(ref as Value), royalty as Value);
        return [];
      },
    ),
    fn(
      'update',
      { params: ['&0x4::royalty::MutatorRef', ROYALTY_ARG] },
      (host, _t, [ref, royalty]) => {
        host.charge(20_000);
        const address = fieldsOf(fieldsOf(ref as Value)[0] as Value)[0] as LongAddress;
        if (resourceExists(host, address, ROYALTY_TYPE))
          removeResource(host, address, ROYALTY_TYPE);
        writeResource(host, address, ROYALTY_TYPE, royalty as Value);
        return [];
      },
    ),
    fn(
      'create',
      { params: ['u64', 'u64', 'address'], returns: [ROYALTY_ARG] },
      (host, _t, [numerator, denominator, payee]) => {
        host.charge(5_000);
        return [createRoyalty(numerator as bigint, denominator as bigint, payee as LongAddress)];
      },
    ),
    fn(
      'generate_mutator_ref',
      { params: ['0x1::object::ExtendRef'], returns: ['0x4::royalty::MutatorRef'] },
      (host, _t, [extendRef]) => {
        host.charge(2_000);
        return [[extendRef as Value]];
      },
    ),
    fn('exists_at', { params: ['address'], returns: ['bool'] }, (host, _t, [address]) => {
      host.charge(5_000);
      return [resourceExists(host, address as LongAddress, ROYALTY_TYPE)];
    }),
    fn(
      'get',
      {
        params: [OBJECT_T],
        returns: ['0x1::option::Option<0x4::royalty::Royalty>'],
        typeParams: KEY,
      },
      (host, _t, [object]) => {
        host.charge(5_000);
        return [royaltyOf(host, objectAddress(object as Value))];
      },
    ),
    field('denominator', 1, 'u64'),
    field('numerator', 0, 'u64'),
    field('payee_address', 2, 'address'),
  ],
};
