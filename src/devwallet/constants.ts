/** Name the wallet registers under; the adapter lists and connects wallets by this name. */
export const DEV_WALLET_NAME = 'Workbench Dev Wallet';

/** A small inline SVG (a wallet on a blue tile), so the wallet loads no remote asset. */
export const DEV_WALLET_ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA2NCA2NCI+PHJlY3Qgd2lkdGg9IjY0IiBoZWlnaHQ9IjY0IiByeD0iMTQiIGZpbGw9IiMxYzdlZDYiLz48cmVjdCB4PSIxMiIgeT0iMjAiIHdpZHRoPSI0MCIgaGVpZ2h0PSIyOCIgcng9IjYiIGZpbGw9IiNmZmYiLz48cmVjdCB4PSIzOCIgeT0iMjkiIHdpZHRoPSIxNCIgaGVpZ2h0PSIxMCIgcng9IjMiIGZpbGw9IiMxYzdlZDYiLz48Y2lyY2xlIGN4PSI0NCIgY3k9IjM0IiByPSIyLjUiIGZpbGw9IiNmZmYiLz48cGF0aCBkPSJNMTYgMjBsMjItOCA0IDgiIGZpbGw9Im5vbmUiIHN0cm9rZT0iI2ZmZiIgc3Ryb2tlLXdpZHRoPSIzIiBzdHJva2UtbGluZWpvaW49InJvdW5kIi8+PC9zdmc+' as const;

/** The BIP-44 path Aptos wallets use for the first Ed25519 account of a recovery phrase. */
export const DEFAULT_DERIVATION_PATH = "m/44'/637'/0'/0'/0'";

/** Word counts a BIP-39 recovery phrase may have. */
export const MNEMONIC_WORD_COUNTS: readonly number[] = [12, 15, 18, 21, 24];

/** Octas the faucet is asked for by default (1 APT). */
export const DEFAULT_FUND_AMOUNT = 100_000_000;

/** Chain id of Aptos mainnet: the dev wallet never signs for it. */
export const MAINNET_CHAIN_ID = 1;

/** How many settled requests the wallet keeps in its request log. */
export const REQUEST_LOG_LIMIT = 100;
