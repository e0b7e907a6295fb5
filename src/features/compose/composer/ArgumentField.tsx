import { Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { formatApt } from '../../../format/amounts';
import type { ParamField } from './composerForm';
import {
  containsBytes,
  describeAllowed,
  formatMoveType,
  type ByteEncoding,
  type MoveType,
} from './moveArguments';

/** Props of {@link ArgumentField}. */
export interface ArgumentFieldProps {
  field: ParamField;
  text: string;
  encoding: ByteEncoding;
  /** Whether to show the field's error (after a blur, or once something is typed). */
  showError: boolean;
  disabled: boolean;
  onChange: (text: string) => void;
  onEncodingChange: (encoding: ByteEncoding) => void;
  onBlur: () => void;
}

function isMultiline(type: MoveType | null): boolean {
  if (!type) return false;
  if (type.kind === 'vector') return true;
  if (type.kind === 'option') return isMultiline(type.inner);
  return type.kind === 'string';
}

function typeLabel(field: ParamField): string {
  if (field.type && formatMoveType(field.type) !== field.abiType) {
    return `${field.abiType} = ${formatMoveType(field.type)}`;
  }
  return field.abiType;
}

/** An amount as typed, read back in APT and octas: `= 0.1 APT (10,000,000 octas)`. */
function amountText(value: ParamField['value']): string {
  if (typeof value === 'string') return formatApt(value);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
    return value.map((item) => formatApt(String(item))).join(', ');
  }
  return '';
}

function description(field: ParamField, encoding: ByteEncoding): string {
  const type = field.type;
  if (!type) return 'Set the type arguments first.';
  if (field.amount) {
    const read = amountText(field.value);
    return read === ''
      ? 'An amount in octas, or in APT with the unit (0.1 APT); 1 APT = 100,000,000 octas.'
      : `= ${read}`;
  }
  if (containsBytes(type)) {
    const bytes = encoding === 'hex' ? '0x hex, two digits per byte' : 'UTF-8 text';
    if (type.kind === 'vector' && type.inner.kind === 'integer') return `Bytes as ${bytes}.`;
    return `${describeAllowed(type)}; bytes as ${bytes}.`;
  }
  const allowed = describeAllowed(type);
  return allowed.charAt(0).toUpperCase() + allowed.slice(1) + '.';
}

/**
 * The one input of an entry function parameter, chosen by its Move type: a true/false select for
 * `bool`, a text area for vectors and strings (with a hex / UTF-8 switch when bytes are involved),
 * and a text input otherwise.
 *
 * @example
 * ```tsx
 * <ArgumentField field={field} text="100" encoding="hex" showError disabled={false} … />
 * ```
 */
export function ArgumentField({
  field,
  text,
  encoding,
  showError,
  disabled,
  onChange,
  onEncodingChange,
  onBlur,
}: ArgumentFieldProps) {
  const label = `Argument ${field.index + 1}: ${typeLabel(field)}`;
  const error = showError ? field.error : null;
  const common = {
    label,
    description: description(field, encoding),
    error,
    disabled,
    onBlur,
    required: field.type?.kind !== 'option',
  };

  if (field.type?.kind === 'bool') {
    return (
      <Select
        {...common}
        data={['true', 'false']}
        value={text === 'true' || text === 'false' ? text : null}
        onChange={(value) => onChange(value ?? '')}
        placeholder="true or false"
        allowDeselect={false}
      />
    );
  }

  const input = isMultiline(field.type) ? (
    <Textarea
      {...common}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      // Rows follow the content (Mantine's autosize needs `document.fonts`, absent in jsdom).
      rows={Math.min(8, Math.max(2, text.split('\n').length))}
      spellCheck={false}
    />
  ) : (
    <TextInput
      {...common}
      value={text}
      onChange={(event) => onChange(event.currentTarget.value)}
      spellCheck={false}
      autoComplete="off"
    />
  );

  if (field.type && containsBytes(field.type)) {
    return (
      <Stack gap={4}>
        {input}
        <Switch
          label={`Argument ${field.index + 1}: bytes as UTF-8 text (off: 0x hex)`}
          checked={encoding === 'utf8'}
          onChange={(event) => onEncodingChange(event.currentTarget.checked ? 'utf8' : 'hex')}
          disabled={disabled}
          size="xs"
        />
      </Stack>
    );
  }
  return input;
}
