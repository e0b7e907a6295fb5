import { isRefusal } from '../../machines';
import type { WalletRequestStatus } from '../../machines';
import { DEV_WALLET_NAME, type DevWallet, type DevWalletRequestKind } from '../devwallet';
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

/** The reason a withdrawn dev wallet request settles with. */
export const WITHDRAWN_REASON =
  'Withdrawn by the workbench: the run stopped waiting for this signature (it was cancelled or its page closed).';

/** When a wallet request is withdrawn: `signal` aborts (the caller stopped waiting). */
export interface WithdrawOn {
  signal: AbortSignal;
  /** The kind of dev wallet request the call makes. */
  kind: DevWalletRequestKind;
}

/**
 * Until the returned function is called, an abort of `withdrawOn.signal` withdraws the call's
 * request from the dev wallet's prompt (the first request of that kind numbered after `before`
 * that still waits), so that a cancelled run does not leave a prompt open whose answer nobody
 * reads. Other wallets cannot be asked to close their prompt (the wallet standard has no
 * cancel); their answer is ignored.
 */
function withdrawOnAbort(
  devWallet: DevWallet | undefined,
  withdrawOn: WithdrawOn | undefined,
  before: number,
): () => void {
  if (devWallet === undefined || withdrawOn === undefined) return () => {};
  const { signal, kind } = withdrawOn;
  let unsubscribe = () => {};
  const withdraw = () => {
    const ours = devWallet
      .toJSON()
      .pending.find((record) => record.kind === kind && requestNumber(record.id) > before);
    if (ours === undefined) return;
    unsubscribe();
    devWallet.withdraw({ id: ours.id, reason: WITHDRAWN_REASON });
  };
  const onAbort = () => {
    // A request still being prepared (its checks may read the chain) reaches the prompt after
    // the abort: the wallet's changes are watched until it does or the call settles.
    unsubscribe = devWallet.subscribe(withdraw);
    withdraw();
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return () => {
    signal.removeEventListener('abort', onAbort);
    unsubscribe();
  };
}

/**
 * Runs one call straight to the dev wallet (not through the adapter) and withdraws its request
 * from the prompt when `withdrawOn.signal` aborts first.
 *
 * @param args.devWallet - The in-page dev wallet.
 * @param args.withdrawOn - The caller's abort signal and the kind of request `run` makes.
 * @param args.run - The dev wallet call.
 * @returns What `run` resolves with.
 */
export async function runDevWalletRequest<T>(args: {
  devWallet: DevWallet;
  withdrawOn: WithdrawOn;
  run: () => Promise<T>;
}): Promise<T> {
  const stop = withdrawOnAbort(
    args.devWallet,
    args.withdrawOn,
    requestNumber(args.devWallet.lastRequest()?.id),
  );
  try {
    return await args.run();
  } finally {
    stop();
  }
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
 * @param args.withdrawOn - For the dev wallet: when the caller stops waiting, the request's
 *   prompt closes and the request settles as CANCELLED.
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
  withdrawOn?: WithdrawOn;
}): Promise<T> {
  const { walletName, devWallet } = args;
  const before = requestNumber(devWallet?.lastRequest()?.id);
  const stop = withdrawOnAbort(
    walletName === DEV_WALLET_NAME ? devWallet : undefined,
    args.withdrawOn,
    before,
  );
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
  } finally {
    stop();
  }
}
