/**
 * `0x1::system_addresses` on the VM's own values, and the signer checks the other system modules
 * begin with. A user's signer (or any address a transaction can sign for) is never `@aptos_framework`,
 * `@vm_reserved` nor, on this chain, `@core_resources` for a framework-only call, so those checks
 * abort as on a node: `ENOT_APTOS_FRAMEWORK_ADDRESS` (0x50003), `EVM` (0x50002),
 * `ENOT_CORE_RESOURCE_ADDRESS` (0x50001).
 */
import type { LongAddress } from '../../../encoding.ts';
import { must, parseAddress } from '../../../encoding.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import type { NativeModule } from '../../context.ts';
import { signerAddress } from '../../vmState.ts';
import { CATEGORY, fail } from './errors.ts';

/** A short address (`0xa550c18`) in the VM's long form. */
export const long = (short: string): LongAddress => must(parseAddress(short));

export const VM_ADDRESS = long('0x0');
const CORE_RESOURCES = long('0xa550c18');
const RESERVED = new Set(
  ['0x1', '0x2', '0x3', '0x4', '0x5', '0x6', '0x7', '0x8', '0x9', '0xa'].map(long),
);

const isFramework = (a: LongAddress) => a === FRAMEWORK_ADDRESS;
const isVm = (a: LongAddress) => a === VM_ADDRESS;

function check(ok: boolean, name: string): void {
  if (!ok) fail('system_addresses', name, CATEGORY.permissionDenied);
}

/** `assert_aptos_framework(account)`. */
export const assertFramework = (account: Value | undefined): void =>
  check(isFramework(signerAddress(must(account))), 'ENOT_APTOS_FRAMEWORK_ADDRESS');
/** `assert_vm(account)`. */
export const assertVm = (account: Value | undefined): void =>
  check(isVm(signerAddress(must(account))), 'EVM');
/** `assert_core_resource(account)`. */
export const assertCoreResource = (account: Value | undefined): void =>
  check(signerAddress(must(account)) === CORE_RESOURCES, 'ENOT_CORE_RESOURCE_ADDRESS');

const address = (v: Value | undefined) => must(v) as LongAddress;

export const systemAddressesModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'system_addresses',
  friends: [],
  structs: [],
  functions: [
    fn('assert_core_resource', { params: ['&signer'] }, (_h, _t, [account]) => {
      assertCoreResource(account);
      return [];
    }),
    fn('assert_core_resource_address', { params: ['address'] }, (_h, _t, [a]) => {
      check(address(a) === CORE_RESOURCES, 'ENOT_CORE_RESOURCE_ADDRESS');
      return [];
    }),
    fn('is_core_resource_address', { params: ['address'], returns: ['bool'] }, (_h, _t, [a]) => [
      address(a) === CORE_RESOURCES,
    ]),
    fn('assert_aptos_framework', { params: ['&signer'] }, (_h, _t, [account]) => {
      assertFramework(account);
      return [];
    }),
    fn('assert_framework_reserved_address', { params: ['&signer'] }, (_h, _t, [account]) => {
      check(RESERVED.has(signerAddress(must(account))), 'ENOT_FRAMEWORK_RESERVED_ADDRESS');
      return [];
    }),
    fn('assert_framework_reserved', { params: ['address'] }, (_h, _t, [a]) => {
      check(RESERVED.has(address(a)), 'ENOT_FRAMEWORK_RESERVED_ADDRESS');
      return [];
    }),
    fn(
      'is_framework_reserved_address',
      { params: ['address'], returns: ['bool'] },
      (_h, _t, [a]) => [RESERVED.has(address(a))],
    ),
    fn('is_aptos_framework_address', { params: ['address'], returns: ['bool'] }, (_h, _t, [a]) => [
      isFramework(address(a)),
    ]),
    fn('assert_vm', { params: ['&signer'] }, (_h, _t, [account]) => {
      assertVm(account);
      return [];
    }),
    fn('is_vm', { params: ['&signer'], returns: ['bool'] }, (_h, _t, [account]) => [
      isVm(signerAddress(must(account))),
    ]),
    fn('is_vm_address', { params: ['address'], returns: ['bool'] }, (_h, _t, [a]) => [
      isVm(address(a)),
    ]),
    fn('is_reserved_address', { params: ['address'], returns: ['bool'] }, (_h, _t, [a]) => [
      isFramework(address(a)) || isVm(address(a)),
    ]),
  ],
};
