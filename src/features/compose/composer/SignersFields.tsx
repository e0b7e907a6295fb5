import { memo } from 'react';
import { Checkbox, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { TransactionKind } from '../../../../machines';
import type { SignerErrors, SignersInput } from './composerForm';

const KIND_OPTIONS: Array<{ value: TransactionKind; label: string }> = [
  { value: 'simple', label: 'Simple: the sender signs alone' },
  { value: 'sponsored', label: 'Sponsored: a fee payer pays the gas' },
  { value: 'multiAgent', label: 'Multi-agent: secondary signers sign too' },
  { value: 'multiAgentSponsored', label: 'Multi-agent and sponsored' },
];

/** Props of {@link SignersFields}. */
export interface SignersFieldsProps {
  signers: SignersInput;
  errors: SignerErrors;
  disabled: boolean;
  onChange: (signers: SignersInput) => void;
}

/**
 * Who signs (issue 16): the transaction kind, the secondary signer addresses (multi-agent), and
 * the fee payer's address or "signs later" (sponsored).
 *
 * @example
 * ```tsx
 * <SignersFields signers={state.signers} errors={errors} disabled={false} onChange={…} />
 * ```
 */
export const SignersFields = memo(function SignersFields({
  signers,
  errors,
  disabled,
  onChange,
}: SignersFieldsProps) {
  const multiAgent = signers.kind === 'multiAgent' || signers.kind === 'multiAgentSponsored';
  const sponsored = signers.kind === 'sponsored' || signers.kind === 'multiAgentSponsored';
  return (
    <Stack gap="sm">
      <Select
        label="Transaction kind"
        description="Who signs: each signer is asked in turn (sender, secondary signers, fee payer)."
        data={KIND_OPTIONS}
        value={signers.kind}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => {
          const kind = KIND_OPTIONS.find((option) => option.value === value)?.value;
          if (kind !== undefined) onChange({ ...signers, kind });
        }}
      />
      {multiAgent && (
        <Textarea
          label="Secondary signer addresses"
          description="One per line, in the order of the function's extra &signer parameters (at most 31)."
          autosize
          minRows={2}
          value={signers.secondary}
          error={errors.secondary}
          disabled={disabled}
          onChange={(event) => onChange({ ...signers, secondary: event.currentTarget.value })}
        />
      )}
      {sponsored && (
        <>
          <Checkbox
            label="Fee payer signs later (built with 0x0 as fee payer)"
            checked={signers.feePayerLater}
            disabled={disabled}
            onChange={(event) =>
              onChange({ ...signers, feePayerLater: event.currentTarget.checked })
            }
          />
          {!signers.feePayerLater && (
            <TextInput
              label="Fee payer address"
              description="The account that pays the gas; it signs last."
              autoComplete="off"
              value={signers.feePayer}
              error={errors.feePayer}
              disabled={disabled}
              onChange={(event) => onChange({ ...signers, feePayer: event.currentTarget.value })}
            />
          )}
        </>
      )}
    </Stack>
  );
});
