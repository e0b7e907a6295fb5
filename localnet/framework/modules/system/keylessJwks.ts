/**
 * `keyless_account` and `jwks` (`0x1`), from their sources: the constructors (`Configuration`,
 * `Groth16VerificationKey`, the JWK and patch variants packed in a `copyable_any::Any`), the
 * governance setters behind the framework's signer (`gate.ts`), and the patched-JWK reads over
 * `0x1`'s `PatchedJWKs`, which this chain's genesis does not write (`MISSING_DATA`, as
 * `borrow_global` answers); a dapp's own federated JWKs (`patch_federated_jwks`,
 * `update_federated_jwk_set`) at its address. Not here: `keyless_account::register_ek_and_encrypt_dk`.
 */
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { serialize } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import {
  borrowResource,
  readResource,
  signerAddress,
  str,
  textOf,
  ty,
  writeResource,
} from '../../vmState.ts';
import { CATEGORY, fail } from './errors.ts';
import {
  anyTypeName,
  emptyStruct,
  frameworkSignerOnly,
  gated,
  packAny,
  systemModule,
  unpackAny,
} from './gate.ts';

const STRING = '0x1::string::String';
const BYTES = 'vector<u8>';
const OPTION_BYTES = '0x1::option::Option<vector<u8>>';
const CONFIGURATION = '0x1::keyless_account::Configuration';
const VK = '0x1::keyless_account::Groth16VerificationKey';

const keylessGated = (name: string, params: string[]) =>
  gated('keyless_account', name, ['&signer', ...params]);

const keylessAccount = systemModule(
  'keyless_account',
  [],
  [
    fn(
      'new_configuration',
      {
        params: [`vector<${STRING}>`, 'u16', 'u64', OPTION_BYTES, 'u16', 'u16', 'u16', 'u32'],
        returns: [CONFIGURATION],
      },
      (_h, _t, args) => [args.slice(0, 8)],
    ),
    fn(
      'new_groth16_verification_key',
      { params: [BYTES, BYTES, BYTES, BYTES, `vector<${BYTES}>`], returns: [VK] },
      (_h, _t, args) => [args.slice(0, 5)],
    ),
    keylessGated('update_groth16_verification_key', [VK]),
    keylessGated('update_configuration', [CONFIGURATION]),
    keylessGated('update_training_wheels', [OPTION_BYTES]),
    keylessGated('update_max_exp_horizon', ['u64']),
    keylessGated('remove_all_override_auds', []),
    keylessGated('add_override_aud', [STRING]),
    keylessGated('set_groth16_verification_key_for_next_epoch', [VK]),
    keylessGated('set_configuration_for_next_epoch', [CONFIGURATION]),
    keylessGated('update_training_wheels_for_next_epoch', [OPTION_BYTES]),
    keylessGated('update_max_exp_horizon_for_next_epoch', ['u64']),
    keylessGated('remove_all_override_auds_for_next_epoch', []),
    keylessGated('add_override_aud_for_next_epoch', [STRING]),
  ],
);

const JWK = '0x1::jwks::JWK';
const PATCH = '0x1::jwks::Patch';
const OIDC = '0x1::jwks::OIDCProvider';
const STORED = ['copy', 'drop', 'store'];
const jwk = (host: NativeHost, variant: string, value: Value): Value[] => [
  [packAny(host, `0x1::jwks::${variant}`, value)],
];
const jwksGated = (name: string, params: string[], returns: string[] = []) =>
  gated('jwks', name, ['&signer', ...params], { returns });
/** `try_get_patched_jwk`: `borrow_global<PatchedJWKs>(@aptos_framework)` first. */
function patchedJwk(host: NativeHost): never {
  borrowResource(host, FRAMEWORK_ADDRESS, '0x1::jwks::PatchedJWKs');
  // Only the framework's signer (governance, the JWK consensus) writes PatchedJWKs.
  return frameworkSignerOnly('0x1::jwks::try_get_patched_jwk');
}

const FEDERATED = '0x1::jwks::FederatedJWKs';
const MAX_FEDERATED_BYTES = 4 * 1024;
type Bytes = number[];
/** `comparator::compare_u8_vector`: byte by byte, then the shorter first. */
function compare(a: Bytes, b: Bytes): number {
  for (let i = 0; i < a.length && i < b.length; i += 1) {
    if ((a[i] as number) !== (b[i] as number)) return (a[i] as number) < (b[i] as number) ? -1 : 1;
  }
  return a.length - b.length;
}
const same = (a: Bytes, b: Bytes) => compare(a, b) === 0;

/** `get_jwk_id`: an RSA JWK's kid, an unsupported JWK's id. */
function jwkId(host: NativeHost, jwk: Value): Bytes {
  const variant = must((jwk as Value[])[0]);
  const name = anyTypeName(variant);
  if (name === '0x1::jwks::RSA_JWK') {
    return Array.from(Buffer.from(textOf(must((unpackAny(host, name, variant) as Value[])[0]))));
  }
  if (name === '0x1::jwks::UnsupportedJWK') {
    return (unpackAny(host, name, variant) as Value[])[0] as Bytes;
  }
  return fail('jwks', 'EUNKNOWN_JWK_VARIANT', CATEGORY.invalidArgument);
}

/** Inserts or replaces `item` in `list`, kept sorted by `key` as upsert_provider_jwks / upsert_jwk do. */
function upsertSorted(list: Value[], item: Value, key: (v: Value) => Bytes): void {
  const k = key(item);
  let index = 0;
  while (index < list.length && compare(k, key(list[index] as Value)) > 0) index += 1;
  if (index < list.length && same(k, key(list[index] as Value))) list[index] = item;
  else list.splice(index, 0, item);
}

/** `remove_issuer`: the issuer's ProviderJWKs, taken out, if there. */
function removeIssuer(entries: Value[], issuer: Bytes): Value[] | undefined {
  const index = entries.findIndex((p) => same((p as Value[])[0] as Bytes, issuer));
  return index < 0 ? undefined : (entries.splice(index, 1)[0] as Value[]);
}

/** `apply_patch` on `AllProvidersJWKs.entries`. */
function applyPatch(host: NativeHost, all: Value[], patch: Value): void {
  const variant = must((patch as Value[])[0]);
  const name = anyTypeName(variant);
  const issuerOf = (p: Value) => (p as Value[])[0] as Bytes;
  if (name === '0x1::jwks::PatchRemoveAll') all[0] = [];
  else if (name === '0x1::jwks::PatchRemoveIssuer') {
    removeIssuer(all[0] as Value[], (unpackAny(host, name, variant) as Value[])[0] as Bytes);
  } else if (name === '0x1::jwks::PatchRemoveJWK') {
    const [issuer, id] = unpackAny(host, name, variant) as [Bytes, Bytes];
    const set = removeIssuer(all[0] as Value[], issuer);
    if (set !== undefined) {
      const list = set[2] as Value[];
      const at = list.findIndex((jwk) => same(id, jwkId(host, jwk)));
      if (at >= 0) list.splice(at, 1);
      upsertSorted(all[0] as Value[], set, issuerOf);
    }
  } else if (name === '0x1::jwks::PatchUpsertJWK') {
    const [issuer, jwk] = unpackAny(host, name, variant) as [Bytes, Value];
    const set = removeIssuer(all[0] as Value[], issuer) ?? [issuer, 0n, []];
    upsertSorted(set[2] as Value[], jwk, (j) => jwkId(host, j));
    upsertSorted(all[0] as Value[], set, issuerOf);
  } else fail('jwks', 'EUNKNOWN_PATCH_VARIANT', CATEGORY.invalidArgument);
}

/** `patch_federated_jwks(jwk_owner, patches)`. */
function patchFederated(host: NativeHost, owner: Value, patches: Value[]): void {
  const at = signerAddress(owner);
  if (at === FRAMEWORK_ADDRESS)
    fail('jwks', 'EINSTALL_FEDERATED_JWKS_AT_APTOS_FRAMEWORK', CATEGORY.invalidArgument);
  const federated = (readResource(host, at, FEDERATED) ?? [[[]]]) as Value[];
  for (const patch of patches) applyPatch(host, federated[0] as Value[], patch);
  writeResource(host, at, FEDERATED, federated);
  const size = serialize(ty(FEDERATED), federated, (st, args) => host.layout(st, args)).length;
  if (size >= MAX_FEDERATED_BYTES) {
    fail('jwks', 'EFEDERATED_JWKS_TOO_LARGE', CATEGORY.invalidArgument);
  }
}

const jwks = systemModule(
  'jwks',
  [
    struct('OIDCProvider', STORED, [
      ['name', BYTES],
      ['config_url', BYTES],
    ]),
    struct('UnsupportedJWK', STORED, [
      ['id', BYTES],
      ['payload', BYTES],
    ]),
    struct('RSA_JWK', STORED, [
      ['kid', STRING],
      ['kty', STRING],
      ['alg', STRING],
      ['e', STRING],
      ['n', STRING],
    ]),
    struct('Patch', STORED, [['variant', '0x1::copyable_any::Any']]),
    emptyStruct('PatchRemoveAll', STORED),
    struct('PatchRemoveIssuer', STORED, [['issuer', BYTES]]),
    struct('PatchRemoveJWK', STORED, [
      ['issuer', BYTES],
      ['jwk_id', BYTES],
    ]),
    struct('FederatedJWKs', ['drop', 'key'], [['jwks', '0x1::jwks::AllProvidersJWKs']]),
    struct('PatchUpsertJWK', STORED, [
      ['issuer', BYTES],
      ['jwk', JWK],
    ]),
  ],
  [
    fn('get_patched_jwk', { params: [BYTES, BYTES], returns: [JWK] }, patchedJwk),
    fn(
      'try_get_patched_jwk',
      { params: [BYTES, BYTES], returns: [`0x1::option::Option<${JWK}>`] },
      patchedJwk,
    ),
    jwksGated('upsert_oidc_provider', [BYTES, BYTES], [OPTION_BYTES]),
    jwksGated('upsert_oidc_provider_for_next_epoch', [BYTES, BYTES], [OPTION_BYTES]),
    jwksGated('remove_oidc_provider', [BYTES], [OPTION_BYTES]),
    jwksGated('remove_oidc_provider_for_next_epoch', [BYTES], [OPTION_BYTES]),
    jwksGated('set_patches', [`vector<${PATCH}>`]),
    fn('new_patch_remove_all', { params: [], returns: [PATCH] }, (host) =>
      jwk(host, 'PatchRemoveAll', [false]),
    ),
    fn('new_patch_remove_issuer', { params: [BYTES], returns: [PATCH] }, (host, _t, [issuer]) =>
      jwk(host, 'PatchRemoveIssuer', [must(issuer)]),
    ),
    fn('new_patch_remove_jwk', { params: [BYTES, BYTES], returns: [PATCH] }, (host, _t, args) =>
      jwk(host, 'PatchRemoveJWK', args.slice(0, 2)),
    ),
    fn('new_patch_upsert_jwk', { params: [BYTES, JWK], returns: [PATCH] }, (host, _t, args) =>
      jwk(host, 'PatchUpsertJWK', args.slice(0, 2)),
    ),
    fn(
      'new_rsa_jwk',
      { params: [STRING, STRING, STRING, STRING], returns: [JWK] },
      (host, _t, [kid, alg, e, n]) =>
        jwk(host, 'RSA_JWK', [must(kid), str('RSA'), must(alg), must(e), must(n)]),
    ),
    fn('new_unsupported_jwk', { params: [BYTES, BYTES], returns: [JWK] }, (host, _t, args) =>
      jwk(host, 'UnsupportedJWK', args.slice(0, 2)),
    ),
    fn(
      'patch_federated_jwks',
      { params: ['&signer', `vector<${PATCH}>`] },
      (host, _t, [owner, patches]) => {
        patchFederated(host, must(owner), must(patches) as Value[]);
        return [];
      },
    ),
    fn(
      'update_federated_jwk_set',
      {
        params: [
          '&signer',
          BYTES,
          `vector<${STRING}>`,
          `vector<${STRING}>`,
          `vector<${STRING}>`,
          `vector<${STRING}>`,
        ],
        isEntry: true,
      },
      (host, _t, [owner, iss, kids, algs, es, ns]) => {
        const [k, a, e, n] = [kids, algs, es, ns].map((v) => [...(must(v) as Value[])]);
        const count = must(k).length;
        if (count === 0 || [a, e, n].some((v) => must(v).length !== count)) {
          fail('jwks', 'EINVALID_FEDERATED_JWK_SET', CATEGORY.invalidArgument);
        }
        const patches: Value[] = [jwk(host, 'PatchRemoveAll', [false])];
        // From the last kid to the first, as the source pops them.
        for (let i = count - 1; i >= 0; i -= 1) {
          const rsa = jwk(host, 'RSA_JWK', [
            must(must(k)[i]),
            str('RSA'),
            must(must(a)[i]),
            must(must(e)[i]),
            must(must(n)[i]),
          ]);
          patches.push(jwk(host, 'PatchUpsertJWK', [must(iss), must(rsa[0])]));
        }
        patchFederated(
          host,
          must(owner),
          patches.map((p) => must((p as Value[])[0])),
        );
        return [];
      },
    ),
    jwksGated('initialize', []),
    jwksGated('initialize_with_defaults', [`vector<${OIDC}>`, `vector<${PATCH}>`]),
    jwksGated('upsert_into_observed_jwks', ['vector<0x1::jwks::ProviderJWKs>']),
    jwksGated(
      'remove_issuer_from_observed_jwks',
      [BYTES],
      ['0x1::option::Option<0x1::jwks::ProviderJWKs>'],
    ),
  ],
);

export const KEYLESS_JWKS_MODULES = [keylessAccount, jwks];
