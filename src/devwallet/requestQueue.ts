import {
  AptosWalletError,
  AptosWalletErrorCode,
  UserResponseStatus,
  type UserResponse,
} from '@aptos-labs/wallet-standard';
import { isApprovalPolicy } from './approvalPolicy';
import { REQUEST_LOG_LIMIT } from './constants';
import { DevWalletError } from './DevWalletError';
import type {
  ApprovalDecision,
  ApprovalPolicy,
  DevWalletRequestKind,
  DevWalletRequestRecord,
  DevWalletRequestStatus,
  DevWalletRequestSummary,
} from './types';
import { errorMessage } from '../errors/errorMessage';

/** A request after its checks: refused as INVALID, or ready for a decision with what it needs. */
export type Prepared<C> =
  | { readonly invalid: string; readonly summary?: DevWalletRequestSummary }
  | {
      readonly invalid?: undefined;
      readonly summary: DevWalletRequestSummary;
      readonly context: C;
      /** Settle as APPROVED without asking, with this reason. */
      readonly skipPrompt?: string;
      /**
       * A fuller summary that takes a while (a simulation): the prompt opens at once and shows it
       * when it arrives. It never changes the request's fate.
       */
      readonly enrich?: () => Promise<DevWalletRequestSummary>;
    };

/** One request's life: its checks, a recheck after the prompt, and the work once approved. */
export interface RequestHandler<T, C> {
  readonly kind: DevWalletRequestKind;
  readonly prepare: () => Prepared<C> | Promise<Prepared<C>>;
  /** Why the request no longer holds after the prompt closed, or `undefined`. */
  readonly recheck?: (context: C) => string | undefined;
  readonly perform: (
    context: C,
  ) => { output: T; hash?: string } | Promise<{ output: T; hash?: string }>;
}

const PROMPT_REASONS: Record<ApprovalDecision, string> = {
  APPROVED: 'Approved in the approval prompt.',
  REJECTED: 'Rejected in the approval prompt.',
  CANCELLED: 'The approval prompt was closed without a decision.',
};

function rejected(): UserResponse<never> {
  return { status: UserResponseStatus.REJECTED };
}

/**
 * The approval queue and the request log: every request an app makes is logged, decided by the
 * policy (or by the person at the prompt) and settled with a status and a reason.
 *
 * The standard's `UserResponse` has no CANCELLED or INVALID, so REJECTED, CANCELLED and INVALID
 * all answer `{ status: 'Rejected' }`; the log entry tells them apart.
 */
export class RequestQueue {
  #policy: ApprovalPolicy;
  readonly #waiting = new Map<string, (decision: ApprovalDecision, reason: string) => void>();
  #log: DevWalletRequestRecord[] = [];
  #nextRequestNumber = 1;
  readonly #now: () => number;
  readonly #onChange: () => void;
  readonly #onSettled: (record: DevWalletRequestRecord) => void;

  /**
   * @param args.onChange - Called after every change to the log, the queue or the policy.
   * @param args.onSettled - Called with each request once it has its final status.
   */
  constructor(args: {
    policy: ApprovalPolicy;
    now: () => number;
    onChange: () => void;
    onSettled: (record: DevWalletRequestRecord) => void;
  }) {
    this.#policy = args.policy;
    this.#now = args.now;
    this.#onChange = args.onChange;
    this.#onSettled = args.onSettled;
  }

  get policy(): ApprovalPolicy {
    return this.#policy;
  }

  /** Settled and pending requests, oldest first (bounded). */
  get log(): readonly DevWalletRequestRecord[] {
    return this.#log;
  }

  /** Requests waiting for the person's decision, oldest first. */
  pending(): DevWalletRequestRecord[] {
    return this.#log.filter(
      (record) => record.status === 'PENDING' && this.#waiting.has(record.id),
    );
  }

  /** Sets the policy; requests waiting in the prompt are answered by the new policy. */
  setPolicy(policy: ApprovalPolicy): void {
    if (!isApprovalPolicy(policy)) {
      throw new TypeError(
        `Unknown approval policy "${String(policy)}": use prompt, auto-approve or auto-reject.`,
      );
    }
    this.#policy = policy;
    this.#onChange();
    if (policy !== 'prompt') {
      const decision = this.#policyDecision();
      for (const resolve of [...this.#waiting.values()]) {
        resolve(decision.decision, decision.reason);
      }
    }
  }

  /**
   * Answers a request waiting in the approval prompt.
   *
   * @throws DevWalletError `UNKNOWN_REQUEST` when no request with this id is waiting.
   */
  respond(args: { id: string; decision: ApprovalDecision }): void {
    const resolve = this.#waiting.get(args.id);
    if (resolve === undefined) {
      throw new DevWalletError({
        code: 'UNKNOWN_REQUEST',
        message: `No request ${args.id} is waiting for a decision (it may have been answered already).`,
      });
    }
    resolve(args.decision, PROMPT_REASONS[args.decision]);
  }

  /**
   * Withdraws a request the app no longer waits for (its run was cancelled): it leaves the
   * prompt and settles as CANCELLED with `reason`. A request already answered stays as it is.
   *
   * @returns whether the request was still waiting.
   */
  withdraw(args: { id: string; reason: string }): boolean {
    const resolve = this.#waiting.get(args.id);
    if (resolve === undefined) return false;
    resolve('CANCELLED', args.reason);
    return true;
  }

  /**
   * Runs one request through the queue: prepare (INVALID when its checks fail), decide, recheck,
   * perform. A failure after approval is logged and thrown as an `AptosWalletError`.
   */
  async handle<T, C>(handler: RequestHandler<T, C>): Promise<UserResponse<T>> {
    const id = `req-${this.#nextRequestNumber++}`;
    const time = new Date(this.#now()).toISOString();
    let prepared: Prepared<C>;
    try {
      prepared = await handler.prepare();
    } catch (error) {
      prepared = { invalid: `The request is malformed: ${errorMessage(error)}` };
    }
    if (prepared.invalid !== undefined) {
      this.#record({
        id,
        kind: handler.kind,
        status: 'INVALID',
        time,
        reason: prepared.invalid,
        summary: prepared.summary,
      });
      this.#settle(id, {});
      return rejected();
    }
    this.#record({ id, kind: handler.kind, status: 'PENDING', time, summary: prepared.summary });
    if (prepared.enrich !== undefined) {
      void prepared.enrich().then((summary) => this.#enriched(id, summary));
    }
    const { decision, reason } =
      prepared.skipPrompt !== undefined
        ? { decision: 'APPROVED' as const, reason: prepared.skipPrompt }
        : await this.#decide(id);
    if (decision !== 'APPROVED') {
      this.#settle(id, { status: decision, reason });
      return rejected();
    }
    const stale = handler.recheck?.(prepared.context);
    if (stale !== undefined) {
      this.#settle(id, {
        status: 'INVALID',
        reason: `${stale} (this changed while the prompt was open)`,
      });
      return rejected();
    }
    try {
      const { output, hash } = await handler.perform(prepared.context);
      this.#settle(id, { status: 'APPROVED', reason, ...(hash === undefined ? {} : { hash }) });
      return { status: UserResponseStatus.APPROVED, args: output };
    } catch (error) {
      const message = errorMessage(error);
      this.#settle(id, { status: 'APPROVED', reason, error: message });
      throw new AptosWalletError(AptosWalletErrorCode.InternalError, message);
    }
  }

  /** A settled record stays as its `request.settled` event reported it. */
  #enriched(id: string, summary: DevWalletRequestSummary): void {
    if (!this.#log.some((record) => record.id === id && record.status === 'PENDING')) return;
    this.#log = this.#log.map((record) => (record.id === id ? { ...record, summary } : record));
    this.#onChange();
  }

  #policyDecision(): { decision: ApprovalDecision; reason: string } {
    return this.#policy === 'auto-approve'
      ? {
          decision: 'APPROVED',
          reason: 'Approved automatically: the approval policy is auto-approve.',
        }
      : {
          decision: 'REJECTED',
          reason: 'Rejected automatically: the approval policy is auto-reject.',
        };
  }

  #decide(id: string): Promise<{ decision: ApprovalDecision; reason: string }> {
    if (this.#policy !== 'prompt') return Promise.resolve(this.#policyDecision());
    return new Promise((resolve) => {
      this.#waiting.set(id, (decision, reason) => {
        this.#waiting.delete(id);
        // Leave the prompt now, even if performing the request (a submission) takes a while.
        this.#onChange();
        resolve({ decision, reason });
      });
      this.#onChange();
    });
  }

  #record(record: DevWalletRequestRecord): void {
    const log = [...this.#log, record];
    // Drop the oldest settled entries beyond the limit; pending ones stay until answered.
    while (log.length > REQUEST_LOG_LIMIT) {
      const index = log.findIndex((entry) => entry.status !== 'PENDING');
      if (index === -1) break;
      log.splice(index, 1);
    }
    this.#log = log;
    this.#onChange();
  }

  #settle(
    id: string,
    update: { status?: DevWalletRequestStatus; reason?: string; hash?: string; error?: string },
  ): void {
    let settled: DevWalletRequestRecord | undefined;
    this.#log = this.#log.map((record) => {
      if (record.id !== id) return record;
      settled = {
        ...record,
        ...(update.status === undefined ? {} : { status: update.status }),
        ...(update.reason === undefined ? {} : { reason: update.reason }),
        ...(update.hash === undefined ? {} : { hash: update.hash }),
        ...(update.error === undefined ? {} : { error: update.error }),
        settledAt: new Date(this.#now()).toISOString(),
      };
      return settled;
    });
    this.#onChange();
    if (settled !== undefined) this.#onSettled(settled);
  }
}
