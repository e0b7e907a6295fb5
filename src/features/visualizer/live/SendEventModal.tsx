import { Button, Group, JsonInput, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { JsonValue } from '../../../../machines';

export interface SendEventModalProps {
  eventType: string;
  initial: { [key: string]: JsonValue };
  onSend: (payload: { [key: string]: JsonValue }) => void;
  onClose: () => void;
}

/** A small form for an event with a payload: its JSON, prefilled, checked before sending. */
export function SendEventModal({ eventType, initial, onSend, onClose }: SendEventModalProps) {
  const [text, setText] = useState(() => JSON.stringify(initial, null, 2));
  const [error, setError] = useState<string | null>(null);
  function submit() {
    try {
      const value = JSON.parse(text) as JsonValue;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        setError('The payload must be a JSON object, e.g. {"signingMode": "sign"}.');
        return;
      }
      onSend(value);
    } catch {
      setError('This is not valid JSON; fix it or close the form.');
    }
  }
  return (
    <Modal opened onClose={onClose} title={`Send ${eventType}`}>
      <Stack gap="sm">
        <Text size="sm">The event’s payload (its type is added):</Text>
        <JsonInput
          label="Payload"
          autosize
          minRows={4}
          maxRows={16}
          value={text}
          onChange={setText}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={submit}>Send {eventType}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
