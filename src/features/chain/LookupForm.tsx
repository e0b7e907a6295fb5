import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

export interface LookupFormProps<T> {
  label: string;
  placeholder: string;
  buttonLabel: string;
  /** Reads the input; an `error` says what is wrong and what is allowed. */
  parse: (input: string) => T | { error: string };
  onSubmit: (value: T) => void;
  /** What the input starts with (remount with a new `key` to set it from outside). */
  initialValue?: string;
}

/** One input and a button: parses what was typed and shows why it cannot be used. */
export function LookupForm<T extends object>({
  label,
  placeholder,
  buttonLabel,
  parse,
  onSubmit,
  initialValue = '',
}: LookupFormProps<T>) {
  const [input, setInput] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parse(input);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    onSubmit(parsed);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label={label}
          placeholder={placeholder}
          value={input}
          onChange={(event) => setInput(event.currentTarget.value)}
          error={error}
          style={{ flex: 1 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button type="submit" mt={25}>
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
