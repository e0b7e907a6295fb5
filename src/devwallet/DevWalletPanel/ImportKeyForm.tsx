import { PasswordInput, Stack } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { bindText, FormActions } from '../../components/forms';
import { errorMessage } from '../../errors/errorMessage';
import { DevWalletError } from '../DevWalletError';
import type { DevWalletAccount } from '../types';
import { useDevWallet } from '../useDevWallet';
import { AccountNameInput } from './AccountNameInput';

/** Props of {@link ImportKeyForm}. */
export interface ImportKeyFormProps {
  onDone: (account: DevWalletAccount) => void;
  onCancel: () => void;
}

/** Imports an account from a private key (AIP-80 string or hex); errors show under the field. */
export function ImportKeyForm({ onDone, onCancel }: ImportKeyFormProps) {
  const wallet = useDevWallet();
  const keyId = useId();
  const [privateKey, setPrivateKey] = useState('');
  const [name, setName] = useState('');
  const [keyError, setKeyError] = useState<string>();
  const [nameError, setNameError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setKeyError(undefined);
    setNameError(undefined);
    try {
      const account = wallet.importPrivateKey({ privateKey, name });
      setPrivateKey('');
      onDone(account);
    } catch (error) {
      if (error instanceof DevWalletError && error.code === 'INVALID_NAME') {
        setNameError(error.message);
      } else {
        setKeyError(errorMessage(error));
      }
    }
  };

  return (
    <form onSubmit={submit} aria-label="Import a private key" noValidate>
      <Stack gap="xs">
        {/* PasswordInput does not wire aria-invalid and aria-describedby itself. */}
        <PasswordInput
          id={keyId}
          descriptionProps={{ id: `${keyId}-description` }}
          errorProps={{ id: `${keyId}-error` }}
          aria-invalid={keyError !== undefined}
          aria-describedby={`${keyId}-description${keyError === undefined ? '' : ` ${keyId}-error`}`}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the private key' }}
          label="Private key"
          description="An AIP-80 string (ed25519-priv-0x…) or 64 hex characters. It is kept in this browser only."
          {...bindText(privateKey, setPrivateKey)}
          error={keyError}
          autoComplete="off"
          spellCheck={false}
          required
          data-autofocus
        />
        <AccountNameInput value={name} onChange={setName} error={nameError} />
        <FormActions submitLabel="Import key" onCancel={onCancel} />
      </Stack>
    </form>
  );
}
