/**
 * Locals safety (move-bytecode-verifier `locals_safety/`): each local is available, unavailable
 * or maybe available (the join of the two), followed over the control-flow graph to a fixpoint.
 * Parameters start available, other locals unavailable. Refuses a move or copy or borrow of a
 * local that is not surely available, a store over a value without `drop`, and a `ret` that
 * leaves a value without `drop` in a local.
 */
import type { Bytecode } from '../binary/types.ts';
import type { StatusName } from '../vm/errors.ts';
import { vmError } from '../vm/errors.ts';
import type { LoadedFunction, StructLookup } from '../vm/loader.ts';
import { abilitiesOf, DROP } from './abilities.ts';
import type { Cfg } from './cfg.ts';
import { analyze } from './cfg.ts';

const UNAVAILABLE = 0;
const AVAILABLE = 1;
const MAYBE = 2;

export function verifyLocalsSafety(fn: LoadedFunction, cfg: Cfg, lookup: StructLookup): void {
  const code = fn.code as readonly Bytecode[];
  const drops = fn.locals.map((ty) => (abilitiesOf(ty, fn.typeParams, lookup) & DROP) !== 0);
  const initial = new Uint8Array(fn.locals.length);
  initial.fill(AVAILABLE, 0, fn.params.length);
  const fail = (status: StatusName, pc: number): never => {
    throw vmError(status, `${fn.id}+${pc}`);
  };
  analyze<Uint8Array>(code, cfg, initial, {
    clone: (s) => s.slice(),
    join(into, incoming) {
      let changed = false;
      for (let i = 0; i < into.length; i += 1) {
        if (into[i] !== incoming[i] && into[i] !== MAYBE) {
          into[i] = MAYBE;
          changed = true;
        }
      }
      return { state: into, changed };
    },
    execute(s, instr, pc) {
      switch (instr.op) {
        case 'StLoc':
          if (s[instr.local] !== UNAVAILABLE && drops[instr.local] !== true)
            fail('STLOC_UNSAFE_TO_DESTROY_ERROR', pc);
          s[instr.local] = AVAILABLE;
          break;
        case 'MoveLoc':
          if (s[instr.local] !== AVAILABLE) fail('MOVELOC_UNAVAILABLE_ERROR', pc);
          s[instr.local] = UNAVAILABLE;
          break;
        case 'CopyLoc':
          if (s[instr.local] !== AVAILABLE) fail('COPYLOC_UNAVAILABLE_ERROR', pc);
          break;
        case 'MutBorrowLoc':
        case 'ImmBorrowLoc':
          if (s[instr.local] !== AVAILABLE) fail('BORROWLOC_UNAVAILABLE_ERROR', pc);
          break;
        case 'Ret':
          for (let i = 0; i < s.length; i += 1)
            if (s[i] !== UNAVAILABLE && drops[i] !== true)
              fail('UNSAFE_RET_UNUSED_VALUES_WITHOUT_DROP', pc);
          break;
        default:
          break;
      }
    },
  });
}
