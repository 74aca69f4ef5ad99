import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { useT } from '../../../i18n';

export interface ComposerProps {
  running: boolean;
  disabled?: boolean;
  /** Sends the message; returns an error text when nothing was sent (the message is then kept). */
  onSend(message: string): string | null;
  onStop(): void;
  label?: string;
  /** Text already in the box ("Open in playground" from a suite case). */
  initialMessage?: string;
  /** The message box itself: a sample question sent puts focus here (its button is gone with the empty state). */
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** The message box: Enter sends, Shift+Enter breaks the line; Stop while an answer is running. */
export function Composer({
  running,
  disabled = false,
  onSend,
  onStop,
  label,
  initialMessage,
  inputRef,
}: ComposerProps) {
  const t = useT();
  const [message, setMessage] = useState(initialMessage ?? '');
  const [error, setError] = useState<string | null>(null);

  function send() {
    if (running || disabled) return;
    const problem = onSend(message);
    setError(problem);
    if (!problem) setMessage('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // An IME composing Chinese uses Enter to pick characters: that Enter must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <Stack gap={4}>
      <Textarea
        label={label ?? t('playground.composer.label')}
        placeholder={t('playground.composer.placeholder')}
        value={message}
        onChange={(e) => {
          setMessage(e.currentTarget.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
        autosize
        minRows={2}
        maxRows={10}
        error={error}
        disabled={disabled}
        data-testid="composer"
        ref={inputRef}
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t('playground.composer.hint')}
        </Text>
        <Group gap="xs">
          {running ? (
            <Button color="red" variant="light" onClick={onStop}>
              {t('playground.composer.stop')}
            </Button>
          ) : null}
          <Button onClick={send} disabled={running || disabled} loading={false}>
            {t('playground.composer.send')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
