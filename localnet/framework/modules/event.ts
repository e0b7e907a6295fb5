import type { LongAddress } from '../../encoding.ts';
import { must, shortAddress } from '../../encoding.ts';
import { GAS_PARAMS } from '../../move/vm/ops.ts';
import type { Value } from '../../move/vm/values.ts';
import { Ref } from '../../move/vm/values.ts';
import { fn, struct } from '../abi.ts';
import { FRAMEWORK_ADDRESS } from '../assets.ts';
import type { NativeModule } from '../context.ts';
import { deref, fieldsOf } from '../vmState.ts';

const HANDLE = '0x1::event::EventHandle<T0>';
const DROP_STORE = ['drop', 'store'];

/**
 * `0x1::event` on the VM's own values: module events (`emit`) and the deprecated handle events
 * (`emit_event`: the event carries the handle's GUID and count, as a node's V1 event).
 */
export const eventModule: NativeModule = {
  address: FRAMEWORK_ADDRESS,
  name: 'event',
  friends: ['0x1::account', '0x1::object'],
  structs: [
    struct(
      'EventHandle',
      ['store'],
      [
        ['counter', 'u64'],
        ['guid', '0x1::guid::GUID'],
      ],
      { typeParams: [{ constraints: DROP_STORE, is_phantom: true }] },
    ),
  ],
  functions: [
    fn('emit', { params: ['T0'], typeParams: [DROP_STORE] }, (host, [ty], [msg]) => {
      host.charge(GAS_PARAMS.nativeBase);
      host.session.emit(must(ty), must(msg));
      return [];
    }),
    fn(
      'emit_event',
      { params: [`&mut ${HANDLE}`, 'T0'], typeParams: [DROP_STORE] },
      (host, [ty], [handle, msg]) => {
        const fields = fieldsOf(must(handle));
        const [[creationNum, address]] = fields[1] as [[bigint, LongAddress]];
        host.charge(GAS_PARAMS.nativeBase);
        host.session.emit(must(ty), must(msg), {
          guid: { creation_number: creationNum.toString(), account_address: shortAddress(address) },
          sequence_number: (fields[0] as bigint).toString(),
        });
        fields[0] = (fields[0] as bigint) + 1n;
        return [];
      },
    ),
    fn(
      'guid',
      { params: [`&${HANDLE}`], returns: ['&0x1::guid::GUID'], typeParams: [DROP_STORE] },
      (_h, _t, [handle]) => [new Ref(deref(must(handle)) as Value[], 1)],
    ),
    fn(
      'counter',
      { params: [`&${HANDLE}`], returns: ['u64'], typeParams: [DROP_STORE] },
      (_h, _t, [handle]) => [fieldsOf(must(handle))[0] as Value],
    ),
    fn('destroy_handle', { params: [HANDLE], typeParams: [DROP_STORE] }, () => []),
  ],
};
