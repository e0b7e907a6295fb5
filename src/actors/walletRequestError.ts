import { isRefusal } from '../../machines';
import type { WalletRequestStatus } from '../../machines';
import { DEV_WALLET_NAME, type DevWallet } from '../devwallet';
import { errorMessage } from '../errors/errorMessage';

/**
 * A wallet request that did not succeed, with the wallet's status when it is known. The wallet
 * machine's `toWalletError` reads `message` and `status` from it.
 */
export class WalletRequestError extends Error {
  /** The wallet's answer, when it gave one (REJECTED, CANCELLED, INVALID). */
  readonly status: WalletRequestStatus | null;

  constructor(args: { message: string; status: WalletRequestStatus | null }) {
    super(args.message);
    this.name = 'WalletRequestError';
    this.status = args.status;
  }
}

function requestNumber(id: string | undefined): number {
  const match = /^req-(\d+)$/.exec(id ?? '');
  return match === null ? 0 : Number(match[1]);
}

const POPUP_BLOCKED = /couldn'?t open prompt|popup.*blocked/i;

/**
 * Runs one adapter call for `walletName` and maps what it throws (the adapter throws plain
 * strings). For the dev wallet, whose REJECTED, CANCELLED and INVALID all reach the adapter as
 * "User has rejected the request", the wallet's own request log gives the real status and reason.
 *
 * @param args.walletName - The wallet the call goes to.
 * @param args.devWallet - The in-page dev wallet, when the app has one.
 * @param args.run - The adapter call.
 * @returns What `run` resolves with.
 * @throws WalletRequestError with the status (when known) and a message that says what to do.
 * @example
 * ```ts
 * await runWalletRequest({ walletName, devWallet, run: () => adapter.connect(walletName) });
 * ```
 */
export async function runWalletRequest<T>(args: {
  walletName: string;
  devWallet: DevWallet | undefined;
  run: () => Promise<T>;
}): Promise<T> {
  const { walletName, devWallet } = args;
  const before = requestNumber(devWallet?.lastRequest()?.id);
  try {
    return await args.run();
  } catch (error) {
    if (walletName === DEV_WALLET_NAME && devWallet !== undefined) {
      const record = devWallet.lastRequest();
      if (record !== undefined && requestNumber(record.id) > before) {
        if (isRefusal(record.status)) {
          throw new WalletRequestError({
            message: record.reason ?? errorMessage(error),
            status: record.status,
          });
        }
        if (record.status === 'APPROVED' && record.error !== undefined) {
          throw new WalletRequestError({
            message: `The wallet approved the request, then failed: ${record.error}`,
            status: null,
          });
        }
      }
    }
    const message = errorMessage(error);
    if (POPUP_BLOCKED.test(message)) {
      throw new WalletRequestError({
        message: `${walletName} could not open its sign-in window: the browser blocked the pop-up. Allow pop-ups for this page, then try again.`,
        status: null,
      });
    }
    throw error;
  }
}
