import type { LongAddress } from '../../encoding.ts';
import { toHex } from '../../encoding.ts';
import type { Value } from '../../move/vm/values.ts';
import { verifyEd25519 } from '../../executor/signatures.ts';
import type { NativeModule } from '../context.ts';
import { abort, ERROR_CATEGORY, moduleError } from '../context.ts';
import { nativeAuthFunction } from './functionInfo.ts';

/** `0x7`, where a localnet's genesis puts `aptos_experimental`. */
export const EXPERIMENTAL_ADDRESS = `0x${'0'.repeat(63)}7` as LongAddress;

const EINVALID_SIGNATURE = moduleError(
  ERROR_CATEGORY.permissionDenied,
  1n,
  'EINVALID_SIGNATURE',
  '',
);

/**
 * `0x7::test_derivable_account_abstraction_ed25519_hex`, natively: the derivable authentication
 * function a localnet registers at genesis for tests. It accepts when `abstract_signature` is an
 * Ed25519 signature, by the key `abstract_public_key`, of the digest printed as `0x…` lowercase
 * hex (`string_utils::to_string(digest)`); else it aborts `EINVALID_SIGNATURE(0x50001)`.
 */
export const testDerivableEd25519HexModule: NativeModule = {
  address: EXPERIMENTAL_ADDRESS,
  name: 'test_derivable_account_abstraction_ed25519_hex',
  friends: [],
  structs: [],
  functions: [
    nativeAuthFunction('authenticate', (_host, account, authData) => {
      const [variant, digest, signature, publicKey] = authData;
      if (variant !== 1) {
        abort(
          '0x1::auth_data',
          moduleError(ERROR_CATEGORY.invalidArgument, 2n, 'ENOT_DERIVABLE_AUTH_DATA', ''),
        );
      }
      const bytes = (v: Value | undefined) => Uint8Array.from(v as number[]);
      const message = new TextEncoder().encode(toHex(bytes(digest)));
      if (!verifyEd25519(bytes(publicKey), message, bytes(signature))) {
        abort('0x7::test_derivable_account_abstraction_ed25519_hex', EINVALID_SIGNATURE);
      }
      return account;
    }),
  ],
};
