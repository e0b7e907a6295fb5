import { AptosApiError } from '@aptos-labs/ts-sdk';

/** One readable sentence for an error from the SDK or the network. */
export function errorMessage(error: unknown): string {
  if (error instanceof AptosApiError) {
    const data = error.data as { message?: unknown } | undefined;
    const detail = typeof data?.message === 'string' ? data.message : error.message;
    return `The node answered ${error.status}: ${detail}`;
  }
  return error instanceof Error ? error.message : String(error);
}
