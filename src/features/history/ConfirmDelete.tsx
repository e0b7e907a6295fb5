import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDeleteProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is lost. */
  message: string;
  keepLabel: string;
  deleteLabel: string;
  onDelete: () => void;
}

/** Asks before deleting runs; Keep is the default way out (Escape, close, click outside). */
export function ConfirmDelete(props: ConfirmDeleteProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      <Stack gap="md">
        <Text size="sm">{props.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {props.keepLabel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              props.onClose();
              props.onDelete();
            }}
          >
            {props.deleteLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
