import type { ResourceValue } from '../storage/types.ts';
import { toHex, utf8 } from '../encoding.ts';
import { FRAMEWORK_ADDRESS, resource } from './assets.ts';

/**
 * The keyless resources a real localnet's genesis writes at `0x1`, which the ts-sdk reads to
 * verify keyless signatures offline: `keyless_account::Configuration` (devnet defaults and the
 * training-wheels key), `keyless_account::Groth16VerificationKey` (the devnet circuit's key) and
 * `jwks::PatchedJWKs` with the test issuer `test.oidc.provider`'s RSA key `test-rsa`.
 */
const TEST_ISSUER = 'test.oidc.provider';
/** BCS of the test issuer's `0x1::jwks::RSA_JWK` { kid, kty, alg, e, n }. */
const TEST_RSA_JWK =
  '0x08746573742d727361035253410552533235360441514142d6027935456673315a7a69734c4c4b4341525376547a7467576a354a465033373738645a57742d6f643738666d4f5a4678656d33615f6159624f58534a546f5270383632646f3050784a3450444d706d7177563566374b706c4649364e737751562d57507566514838496148585a74755064436a504f634879626344694c6b4f31326430644736695a51557a79706a414a6636334150636164696f2d344a444e576c4743355f4f775f5851396c495937316b544d6954396c6b434364305a787145696647746e4a653578536f5a6f614d524b72766c4f772d523669566a4c557450416b356879555839354c444b787741522d6f73686e6a37676d4154656a676132457648396f7a646e334d38476f31315053446130344f517850634132354f6f445466784c765432384c5270535872626d55575a2d4f5f6c4774446c335a41746a4967755947456f62546b344e3131655273734339354377';

export function keylessGenesisValues(): ResourceValue[] {
  return [
    resource(FRAMEWORK_ADDRESS, '0x1::keyless_account::Configuration', {
      max_commited_epk_bytes: 93,
      max_exp_horizon_secs: '10000000',
      max_extra_field_bytes: 350,
      max_iss_val_bytes: 120,
      max_jwt_header_b64_bytes: 300,
      max_signatures_per_txn: 3,
      override_aud_vals: [],
      training_wheels_pubkey: {
        vec: ['0x1388de358cf4701696bd58ed4b96e9d670cbbb914b888be1ceda6374a3098ed4'],
      },
    }),
    resource(FRAMEWORK_ADDRESS, '0x1::keyless_account::Groth16VerificationKey', {
      alpha_g1: '0xe2f26dbea299f5223b646cb1fb33eadb059d9407559d7441dfd902e3a79a4d2d',
      beta_g2:
        '0xabb73dc17fbc13021e2471e0c08bd67d8401f52b73d6d07483794cad4778180e0c06f33bbc4c79a9cadef253a68084d382f17788f885c9afd176f7cb2f036789',
      delta_g2:
        '0xb106619932d0ef372c46909a2492e246d5de739aa140e27f2c71c0470662f125219049cfe15e4d140d7e4bb911284aad1cad19880efb86f2d9dd4b1bb344ef8f',
      gamma_abc_g1: [
        '0x6123b6fea40de2a7e3595f9c35210da8a45a7e8c2f7da9eb4548e9210cfea81a',
        '0x32a9b8347c512483812ee922dc75952842f8f3083edb6fe8d5c3c07e1340b683',
      ],
      gamma_g2:
        '0xedf692d95cbdde46ddda5ef7d422436779445c5e66006a42761e1f12efde0018c212f3aeb785e49712e7a9353349aaf1255dfb31b7bf60723a480d9293938e19',
    }),
    resource(FRAMEWORK_ADDRESS, '0x1::jwks::PatchedJWKs', {
      jwks: {
        entries: [
          {
            issuer: toHex(utf8(TEST_ISSUER)),
            version: '0',
            jwks: [{ variant: { data: TEST_RSA_JWK, type_name: '0x1::jwks::RSA_JWK' } }],
          },
        ],
      },
    }),
  ];
}
