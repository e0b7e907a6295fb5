import { sha3 } from '../encoding.ts';
import type { TransactionEntry, TransactionInfo } from '../move/vm/nativeContext.ts';
import type { DecodedTransaction, EntryCall } from './decode.ts';
import { multisigPayloadOf } from './multisigPayload.ts';

const entryOf = (call: EntryCall): TransactionEntry => ({
  address: call.module,
  module: call.moduleName,
  function: call.functionName,
  typeArgs: call.typeArgs,
  args: call.args,
});

/** What `0x1::transaction_context` reads of a user transaction (its user-context natives). */
export function transactionInfo(tx: DecodedTransaction): TransactionInfo {
  const multisig = multisigPayloadOf(tx);
  return {
    sender: tx.sender,
    secondarySigners: tx.secondarySigners.map((signer) => signer.address),
    gasPayer: tx.feePayer?.address ?? tx.sender,
    maxGasAmount: tx.maxGasAmount,
    gasUnitPrice: tx.gasUnitPrice,
    chainId: tx.chainId,
    entry: multisig === null && tx.entry !== null ? entryOf(tx.entry) : null,
    multisig:
      multisig === null
        ? null
        : {
            address: multisig.multisig,
            entry: multisig.call === null ? null : entryOf(multisig.call),
          },
    scriptHash: tx.script === null ? new Uint8Array(0) : sha3(tx.script.bytecode),
  };
}
