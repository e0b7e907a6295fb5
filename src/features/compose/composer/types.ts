import type { SigningMode, TransactionDraft } from '../../../../machines';

/** What the composer reports: a draft the transaction machine can take, or what keeps it from one. */
export type DraftResult =
  | { ok: true; draft: TransactionDraft; signingMode: SigningMode }
  | { ok: false; problems: string[]; signingMode: SigningMode };

export interface ComposerProps {
  /** The connected account (long form), or null when no wallet is connected. */
  sender: string | null;
  /** True while a run is in progress: the form is read-only. */
  disabled: boolean;
  /** Called with the current result whenever the form changes, and once on mount. */
  onDraft: (result: DraftResult) => void;
  /**
   * The live run's draft: the form opens on it (instead of the stored form) when Compose is opened
   * again while a run goes on. Read once, on mount.
   */
  initialDraft?: TransactionDraft;
  /** The live run's signing mode, with `initialDraft`. */
  initialSigningMode?: SigningMode;
}
