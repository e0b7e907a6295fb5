import type { JsonValue } from '../../../../machines';

type Context = { [key: string]: JsonValue | undefined };

/**
 * Events that carry a payload, with a starting payload from the live context: sending one from
 * the diagram opens a form prefilled with it.
 */
export const PAYLOAD_SAMPLES: Record<string, (context: Context) => { [key: string]: JsonValue }> = {
  'draft.update': (context) => ({ draft: context.draft ?? {} }),
  'signer.change': () => ({ signingMode: 'sign' }),
  connect: (context) => {
    const wallets = context.wallets;
    return {
      walletName: Array.isArray(wallets) && typeof wallets[0] === 'string' ? wallets[0] : '',
    };
  },
  'wallet.detected': (context) => ({ wallets: context.wallets ?? [] }),
  'wallet.accountChanged': () => ({ account: null }),
  'wallet.networkChanged': (context) => ({
    network: context.walletNetwork ?? { name: 'local', chainId: 4 },
  }),
  'app.networkChanged': (context) => ({ network: context.appNetwork ?? null }),
};

/** The payload an event gets by default (empty for events without one). */
export function samplePayload(eventType: string, context: unknown): { [key: string]: JsonValue } {
  const sample = PAYLOAD_SAMPLES[eventType];
  const view = context !== null && typeof context === 'object' ? (context as Context) : {};
  return sample ? sample(view) : {};
}
