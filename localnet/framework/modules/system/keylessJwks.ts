/**
 * `keyless_account` and `jwks` (`0x1`), from their sources: the constructors (`Configuration`,
 * `Groth16VerificationKey`, the JWK and patch variants packed in a `copyable_any::Any`), the
 * governance setters behind the framework's signer (`gate.ts`), and the patched-JWK reads over
 * `0x1`'s `PatchedJWKs`, which this chain's genesis does not write (`MISSING_DATA`, as
 * `borrow_global` answers). Not here: `jwks::patch_federated_jwks` and `update_federated_jwk_set`
 * (a dapp's own federated JWKs) and `keyless_account::register_ek_and_encrypt_dk`.
 */
import { must } from '../../../encoding.ts';
import type { NativeHost } from '../../../move/vm/loader.ts';
import type { Value } from '../../../move/vm/values.ts';
import { fn, struct } from '../../abi.ts';
import { FRAMEWORK_ADDRESS } from '../../assets.ts';
import { borrowResource, str } from '../../vmState.ts';
import { emptyStruct, frameworkSignerOnly, gated, packAny, systemModule } from './gate.ts';

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
