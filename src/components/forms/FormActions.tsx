import { Button, Group } from '@mantine/core';

/** Props of {@link FormActions}. */
export interface FormActionsProps {
  /** The submit button's label. */
  submitLabel: string;
  onCancel: () => void;
}

/**
 * A form's submit and cancel buttons, side by side.
 *
 * @example
 * ```tsx
 * <FormActions submitLabel="Import key" onCancel={close} />
 * ```
 */
export function FormActions({ submitLabel, onCancel }: FormActionsProps) {
  return (
    <Group gap="xs">
      <Button type="submit">{submitLabel}</Button>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
