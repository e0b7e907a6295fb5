import type {
  Account,
  InputGenerateTransactionPayloadData,
  UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import { bytesToHex } from '../../../localnet/move/binary/reader.ts';
import type { CompiledModule } from '../../../localnet/move/binary/types.ts';
import { writeModule } from '../../../localnet/move/binary/writer.ts';
import type { Chain } from '../helpers.ts';
import { packageMetadata } from './signedModules.ts';

type SimpleTransaction = Awaited<ReturnType<Chain['aptos']['transaction']['build']['simple']>>;

/**
 * Transactions of one account through the REST API with the ts-sdk, answered once committed
 * (failed ones too: their status is what the tests read).
 */
export function ownerTransactions(chain: Chain, owner: Account) {
  async function submit(transaction: SimpleTransaction): Promise<UserTransactionResponse> {
    const pending = await chain.aptos.signAndSubmitTransaction({ signer: owner, transaction });
    return (await chain.aptos.waitForTransaction({
      transactionHash: pending.hash,
      options: { checkSuccess: false },
    })) as UserTransactionResponse;
  }
  return {
    submit,
    /** An entry function or script payload. */
    send: async (data: InputGenerateTransactionPayloadData) =>
      submit(await chain.aptos.transaction.build.simple({ sender: owner.accountAddress, data })),
    /** Publishes `module` as a package of its own name. */
    publish: async (name: string, module: CompiledModule) =>
      submit(
        await chain.aptos.publishPackageTransaction({
          account: owner.accountAddress,
          metadataBytes: packageMetadata(name, [name]),
          moduleBytecode: [bytesToHex(writeModule(module))],
        }),
      ),
  };
}
