import { declared } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { AUTH_DATA_TYPE } from './functionInfo.ts';

/**
 * `0x1::permissioned_delegation`, declared only: its `authenticate` exists with the signature
 * account abstraction dispatches to, so an account can register it (`add_authentication_function`
 * checks the signature as on a node). Permissioned signers and their handles are not implemented:
 * a transaction dispatched to it fails with `FUNCTION_RESOLUTION_FAILURE`.
 */
export const permissionedDelegationModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'permissioned_delegation',
  friends: [],
  structs: [],
  functions: [declared('authenticate', ['signer', AUTH_DATA_TYPE], ['signer'])],
};
