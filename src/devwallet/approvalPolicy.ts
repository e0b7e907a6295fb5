import type { ApprovalPolicy } from './types';

/** Every policy, in the order the UI offers them. */
export const APPROVAL_POLICIES: readonly ApprovalPolicy[] = [
  'prompt',
  'auto-approve',
  'auto-reject',
];

/** The URL search parameter that sets the policy: `?wallet=auto-approve`. */
export const APPROVAL_POLICY_PARAM = 'wallet';

/** Type guard for policies read from URLs or storage. */
export function isApprovalPolicy(value: unknown): value is ApprovalPolicy {
  return typeof value === 'string' && (APPROVAL_POLICIES as readonly string[]).includes(value);
}

/**
 * Reads the approval policy from a URL query string (`?wallet=prompt|auto-approve|auto-reject`).
 * Pure: the app passes `window.location.search`.
 *
 * @param args.search - A query string, with or without the leading `?`.
 * @param args.fallback - The policy when the parameter is absent or unknown (default `prompt`).
 * @returns The policy.
 * @example
 * ```ts
 * approvalPolicyFromSearch({ search: window.location.search }); // 'auto-approve' for ?wallet=auto-approve
 * ```
 */
export function approvalPolicyFromSearch(args: {
  search: string;
  fallback?: ApprovalPolicy;
}): ApprovalPolicy {
  const value = new URLSearchParams(args.search).get(APPROVAL_POLICY_PARAM);
  return isApprovalPolicy(value) ? value : (args.fallback ?? 'prompt');
}
