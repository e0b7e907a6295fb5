import type { ChangeEvent } from 'react';

/**
 * The `value` and `onChange` of a controlled text field bound to a state setter, so a form does
 * not write the same handler for every field.
 *
 * @example
 * ```tsx
 * const [name, setName] = useState('');
 * <TextInput label="Name" {...bindText(name, setName)} />
 * ```
 */
export function bindText(value: string, setValue: (next: string) => void) {
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(event.currentTarget.value),
  };
}
