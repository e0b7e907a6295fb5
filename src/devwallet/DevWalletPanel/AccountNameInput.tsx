import { TextInput } from '@mantine/core';
import { bindText } from '../../components/forms';

/** Props of {@link AccountNameInput}. */
export interface AccountNameInputProps {
  value: string;
  onChange: (name: string) => void;
  error?: string;
}

/** The optional name of an account being imported. */
export function AccountNameInput({ value, onChange, error }: AccountNameInputProps) {
  return (
    <TextInput label="Name" description="Optional." {...bindText(value, onChange)} error={error} />
  );
}
