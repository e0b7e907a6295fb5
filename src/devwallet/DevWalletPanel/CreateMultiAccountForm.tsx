import { Checkbox, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { bindText, FormActions } from '../../components/forms';
import { errorMessage } from '../../errors/errorMessage';
import { DevWalletError } from '../DevWalletError';
import { MULTI_KEY_LIMITS } from '../multiKeyAccounts';
import type { DevWalletAccount } from '../types';
import { useDevWallet } from '../useDevWallet';
import { useDevWalletSnapshot } from '../useDevWalletSnapshot';
import { AccountNameInput } from './AccountNameInput';

/** Props of {@link CreateMultiAccountForm}. */
export interface CreateMultiAccountFormProps {
  onDone: (account: DevWalletAccount) => void;
  onCancel: () => void;
}

type Kind = 'multiEd25519' | 'multiKey';

/** A count typed in a field: a whole number from 0, or the message that says what is wrong. */
function parseCount(label: string, text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return `${label} must be a whole number (0 or more).`;
  return Number.parseInt(trimmed, 10);
}

/**
 * Creates a multi-Ed25519 account (2–32 Ed25519 keys) or a multi-key account (Ed25519 and
 * Secp256k1 keys mixed) from some of the wallet's keys and new ones, with a threshold. The
 * library's limits are checked before the account is made; each broken limit is explained.
 */
export function CreateMultiAccountForm({ onDone, onCancel }: CreateMultiAccountFormProps) {
  const wallet = useDevWallet();
  const snapshot = useDevWalletSnapshot();
  const singleKeyAccounts = snapshot.accounts.filter((account) => account.keys === undefined);
  const [kind, setKind] = useState<Kind>('multiEd25519');
  const [members, setMembers] = useState<string[]>([]);
  const [newEd25519, setNewEd25519] = useState('');
  const [newSecp256k1, setNewSecp256k1] = useState('');
  const [threshold, setThreshold] = useState('2');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [nameError, setNameError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setNameError(undefined);
    const ed = parseCount('New Ed25519 keys', newEd25519);
    const secp = kind === 'multiKey' ? parseCount('New Secp256k1 keys', newSecp256k1) : 0;
    const parsedThreshold = /^\d+$/.test(threshold.trim())
      ? Number.parseInt(threshold.trim(), 10)
      : Number.NaN;
    if (typeof ed === 'string' || typeof secp === 'string') {
      setError(typeof ed === 'string' ? ed : (secp as string));
      return;
    }
    if (Number.isNaN(parsedThreshold)) {
      setError(`The threshold must be a whole number of at least 1; got "${threshold}".`);
      return;
    }
    const total = members.length + ed + secp;
    if (total > MULTI_KEY_LIMITS.maxKeys) {
      setError(
        `An account holds at most ${MULTI_KEY_LIMITS.maxKeys} keys; this one would have ${total}. Remove ${total - MULTI_KEY_LIMITS.maxKeys}.`,
      );
      return;
    }
    try {
      onDone(
        wallet.createMultiAccount({
          kind,
          threshold: parsedThreshold,
          memberAddresses: members,
          newEd25519Keys: ed,
          newSecp256k1Keys: secp,
          name,
        }),
      );
    } catch (caught) {
      if (caught instanceof DevWalletError && caught.code === 'INVALID_NAME') {
        setNameError(caught.message);
      } else {
        setError(errorMessage(caught));
      }
    }
  };

  return (
    <form onSubmit={submit} aria-label="Create a multi-signer account" noValidate>
      <Stack gap="xs">
        <Radio.Group
          label="Account type"
          value={kind}
          onChange={(value) => setKind(value === 'multiKey' ? 'multiKey' : 'multiEd25519')}
        >
          <Stack gap={6} mt={6}>
            <Radio
              value="multiEd25519"
              label="Multi-Ed25519"
              description={`${MULTI_KEY_LIMITS.minKeys} to ${MULTI_KEY_LIMITS.maxKeys} Ed25519 keys.`}
            />
            <Radio
              value="multiKey"
              label="Multi-key"
              description={`Ed25519 and Secp256k1 keys mixed, at most ${MULTI_KEY_LIMITS.maxSignatures} signatures.`}
            />
          </Stack>
        </Radio.Group>
        <Checkbox.Group
          label="Keys from this wallet"
          description={
            singleKeyAccounts.length === 0
              ? 'The wallet has no single-key account yet; use new keys below.'
              : 'Their Ed25519 keys join the account, in this order.'
          }
          value={members}
          onChange={setMembers}
        >
          <Stack gap={4} mt={6}>
            {singleKeyAccounts.map((account) => (
              <Checkbox key={account.address} value={account.address} label={account.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput
          label="New Ed25519 keys"
          description="How many fresh Ed25519 keys to generate for it."
          inputMode="numeric"
          {...bindText(newEd25519, setNewEd25519)}
        />
        {kind === 'multiKey' && (
          <TextInput
            label="New Secp256k1 keys"
            description="How many fresh Secp256k1 keys to generate for it."
            inputMode="numeric"
            {...bindText(newSecp256k1, setNewSecp256k1)}
          />
        )}
        <TextInput
          label="Threshold"
          description="Signatures needed; the wallet signs with the first keys up to it."
          inputMode="numeric"
          {...bindText(threshold, setThreshold)}
          required
        />
        <AccountNameInput value={name} onChange={setName} error={nameError} />
        {error !== undefined && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <FormActions submitLabel="Create account" onCancel={onCancel} />
      </Stack>
    </form>
  );
}
