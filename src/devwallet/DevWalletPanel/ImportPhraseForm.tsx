import { Alert, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { bindText, FormActions } from '../../components/forms';
import { DEFAULT_DERIVATION_PATH } from '../constants';
import { errorMessage } from '../../errors/errorMessage';
import { DevWalletError } from '../DevWalletError';
import type { DevWalletAccount } from '../types';
import { useDevWallet } from '../useDevWallet';
import { AccountNameInput } from './AccountNameInput';

/** Props of {@link ImportPhraseForm}. */
export interface ImportPhraseFormProps {
  onDone: (account: DevWalletAccount) => void;
  onCancel: () => void;
}

interface FieldErrors {
  mnemonic?: string;
  path?: string;
  name?: string;
  form?: string;
}

/**
 * Imports the account a recovery phrase derives at a derivation path (shown, editable, validated).
 * Errors show under the field they concern.
 */
export function ImportPhraseForm({ onDone, onCancel }: ImportPhraseFormProps) {
  const wallet = useDevWallet();
  const [mnemonic, setMnemonic] = useState('');
  const [derivationPath, setDerivationPath] = useState(DEFAULT_DERIVATION_PATH);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      const account = wallet.importMnemonic({ mnemonic, derivationPath, name });
      setMnemonic('');
      onDone(account);
    } catch (error) {
      const message = errorMessage(error);
      const code = error instanceof DevWalletError ? error.code : undefined;
      if (code === 'INVALID_MNEMONIC') setErrors({ mnemonic: message });
      else if (code === 'INVALID_DERIVATION_PATH') setErrors({ path: message });
      else if (code === 'INVALID_NAME') setErrors({ name: message });
      else setErrors({ form: message });
    }
  };

  return (
    <form onSubmit={submit} aria-label="Import a recovery phrase" noValidate>
      <Stack gap="xs">
        <Textarea
          label="Recovery phrase"
          description="12, 15, 18, 21 or 24 words separated by spaces. Only the derived key is kept, not the phrase."
          {...bindText(mnemonic, setMnemonic)}
          error={errors.mnemonic}
          autoComplete="off"
          spellCheck={false}
          rows={3}
          required
          data-autofocus
        />
        <TextInput
          label="Derivation path"
          description="Ed25519 needs a hardened path. Change the last index (…/0'/0'/1') for the next account of the same phrase."
          {...bindText(derivationPath, setDerivationPath)}
          error={errors.path}
          spellCheck={false}
          required
        />
        <AccountNameInput value={name} onChange={setName} error={errors.name} />
        {errors.form !== undefined && (
          <Alert color="red" role="alert" title="Could not import">
            {errors.form}
          </Alert>
        )}
        <FormActions submitLabel="Import phrase" onCancel={onCancel} />
      </Stack>
    </form>
  );
}
