import { memo } from 'react';
import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { SigningMode } from '../../../../machines';
import type { OptionErrors, OptionsInput } from './composerForm';

/** Props of {@link OptionsFields}. */
export interface OptionsFieldsProps {
  options: OptionsInput;
  errors: OptionErrors;
  signingMode: SigningMode;
  /** The node's gas unit price estimate (octas), when known. */
  gasEstimate: number | null;
  /** Why the estimate is not shown, when it failed. */
  gasEstimateError: string | null;
  disabled: boolean;
  onChange: (options: OptionsInput) => void;
  onSigningModeChange: (mode: SigningMode) => void;
}

/**
 * The transaction options: max gas, gas unit price (with the node's estimate), expiration,
 * sequence number override, wait timeout, and how the wallet signs.
 *
 * @example
 * ```tsx
 * <OptionsFields options={state.options} errors={errors} signingMode="sign" gasEstimate={100} … />
 * ```
 */
export const OptionsFields = memo(function OptionsFields({
  options,
  errors,
  signingMode,
  gasEstimate,
  gasEstimateError,
  disabled,
  onChange,
  onSigningModeChange,
}: OptionsFieldsProps) {
  const field = (key: keyof OptionsInput) => ({
    value: options[key],
    error: errors[key],
    disabled,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onChange({ ...options, [key]: event.currentTarget.value }),
  });
  const estimate =
    gasEstimate !== null
      ? `Empty = the node's estimate: ${gasEstimate} octas per gas unit.`
      : gasEstimateError
        ? `Empty = the node's estimate (unavailable: ${gasEstimateError}).`
        : "Empty = the node's estimate (loading…).";
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Max gas (units)"
          description="A u64, default 200000."
          {...field('maxGasAmount')}
        />
        <TextInput
          label="Gas unit price (octas)"
          description={estimate}
          placeholder={gasEstimate !== null ? String(gasEstimate) : undefined}
          {...field('gasUnitPrice')}
        />
        <TextInput
          label="Expiration (seconds)"
          description="From build time; default 20."
          {...field('expirationSecs')}
        />
        <TextInput
          label="Sequence number override"
          description="Empty = the account's current one. Lower rehearses TOO_OLD, higher TOO_NEW."
          {...field('sequenceNumber')}
        />
        <TextInput
          label="Wait timeout (seconds)"
          description="How long to wait for the commit; default 20."
          {...field('waitTimeoutSecs')}
        />
      </SimpleGrid>
      <Radio.Group
        label="Signing"
        value={signingMode}
        onChange={(value) =>
          onSigningModeChange(value === 'signAndSubmit' ? 'signAndSubmit' : 'sign')
        }
      >
        <Group mt={4}>
          <Radio value="sign" label="Sign, then submit" disabled={disabled} />
          <Radio
            value="signAndSubmit"
            label="Sign and submit (wallet submits)"
            disabled={disabled}
          />
        </Group>
      </Radio.Group>
    </Stack>
  );
});
