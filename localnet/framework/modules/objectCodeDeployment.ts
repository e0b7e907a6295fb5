/**
 * `0x1::object_code_deployment` on the VM's own values, as its source: a package published at a
 * new named object of the publisher (seed `bcs(b"aptos_framework::object_code_deployment") ‖
 * bcs(sequence_number + 1)`), the object's `ExtendRef` kept in `ManagingRefs`, upgrades and
 * the code signer for its owner, freezing through `code::freeze_code_object`. The calls go to the
 * framework's own `object`, `account` and `code` functions as the Move code's do; a package's
 * `init_module` runs when the entry function is done, as a node runs it.
 */
import type { LongAddress } from '../../encoding.ts';
import { must } from '../../encoding.ts';
import type { NativeHost } from '../../move/vm/loader.ts';
import type { Value } from '../../move/vm/values.ts';
import { Ref } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import {
  emitEvent,
  fieldsOf,
  objectAddress,
  readResource,
  signerAddress,
  ty,
  writeResource,
} from '../vmState.ts';
import { publishAs } from './code.ts';
import { CATEGORY, fail } from './system/errors.ts';

const MODULE = '0x1::object_code_deployment';
const MANAGING_REFS = `${MODULE}::ManagingRefs`;
const REGISTRY = '0x1::code::PackageRegistry';
const CODE_OBJECT = `0x1::object::Object<${REGISTRY}>`;
const DOMAIN = Array.from(Buffer.from('aptos_framework::object_code_deployment', 'utf8'));

const call = (host: NativeHost, module: string, name: string, args: Value[], tyArgs = []) =>
  host.call(FRAMEWORK_ADDRESS, module, name, tyArgs, args);
const bytes = (v: Value | undefined): Uint8Array => Uint8Array.from(must(v) as number[]);
const code = (v: Value | undefined): Uint8Array[] =>
  (must(v) as number[][]).map((module) => Uint8Array.from(module));

/** `object_seed(publisher)`: the domain's BCS, then the next sequence number's. */
function objectSeed(host: NativeHost, publisher: LongAddress): number[] {
  const [sequence] = call(host, 'account', 'get_sequence_number', [publisher]);
  const next = Buffer.alloc(8);
  next.writeBigUInt64LE((sequence as bigint) + 1n);
  return [DOMAIN.length, ...DOMAIN, ...next];
}

/** The owner check and `ManagingRefs` of `upgrade` / `get_code_object_signer`: the code signer. */
function codeSigner(host: NativeHost, publisher: Value | undefined, object: Value): LongAddress {
  const [owns] = host.call(
    FRAMEWORK_ADDRESS,
    'object',
    'is_owner',
    [ty(REGISTRY)],
    [object, signerAddress(must(publisher))],
  );
  if (owns !== true)
    fail('object_code_deployment', 'ENOT_CODE_OBJECT_OWNER', CATEGORY.permissionDenied);
  const refs = readResource(host, objectAddress(object), MANAGING_REFS);
  if (refs === undefined) {
    fail('object_code_deployment', 'ECODE_OBJECT_DOES_NOT_EXIST', CATEGORY.notFound);
  }
  const [signer] = call(host, 'object', 'generate_signer_for_extending', [
    new Ref(fieldsOf(refs), 0),
  ]);
  return signer as LongAddress;
}

export const objectCodeDeploymentModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'object_code_deployment',
  friends: [],
  structs: [
    struct('ManagingRefs', ['key'], [['extend_ref', '0x1::object::ExtendRef']]),
    ...['Publish', 'Upgrade', 'Freeze'].map((name) =>
      struct(name, ['drop', 'store'], [['object_address', 'address']], { isEvent: true }),
    ),
  ],
  functions: [
    fn(
      'publish',
      { params: ['&signer', 'vector<u8>', 'vector<vector<u8>>'], isEntry: true },
      (host, _t, [publisher, metadata, modules]) => {
        const seed = objectSeed(host, signerAddress(must(publisher)));
        const [constructor] = call(host, 'object', 'create_named_object', [must(publisher), seed]);
        const constructorRef = new Ref([must(constructor)], 0);
        const [codeAddress] = call(host, 'object', 'generate_signer', [constructorRef]);
        const at = codeAddress as LongAddress;
        const init = publishAs(host, at, bytes(metadata), code(modules));
        emitEvent(host, `${MODULE}::Publish`, [at]);
        const [extendRef] = call(host, 'object', 'generate_extend_ref', [constructorRef]);
        writeResource(host, at, MANAGING_REFS, [must(extendRef)]);
        init();
        return [];
      },
    ),
    fn(
      'upgrade',
      { params: ['&signer', 'vector<u8>', 'vector<vector<u8>>', CODE_OBJECT], isEntry: true },
      (host, _t, [publisher, metadata, modules, object]) => {
        const at = codeSigner(host, publisher, must(object));
        const init = publishAs(host, at, bytes(metadata), code(modules));
        emitEvent(host, `${MODULE}::Upgrade`, [at]);
        init();
        return [];
      },
    ),
    fn(
      'freeze_code_object',
      { params: ['&signer', CODE_OBJECT], isEntry: true },
      (host, _t, [publisher, object]) => {
        call(host, 'code', 'freeze_code_object', [must(publisher), must(object)]);
        emitEvent(host, `${MODULE}::Freeze`, [objectAddress(must(object))]);
        return [];
      },
    ),
    fn(
      'get_code_object_signer',
      { params: ['&signer', CODE_OBJECT], returns: ['signer'] },
      (host, _t, [publisher, object]) => [codeSigner(host, publisher, must(object))],
    ),
  ],
};
