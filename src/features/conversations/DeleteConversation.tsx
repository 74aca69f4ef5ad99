import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteConversation, type ApiResult } from '../../api';
import { ErrorState } from '../../components';
import type { Conversation } from '../../contract';
import { useT } from '../../i18n';

export interface DeleteConversationProps {
  conversationId: string;
  onDeleted(result: ApiResult<Conversation>): void;
}

/** The danger zone: deleting asks for the id to be typed, so a conversation is never deleted by a stray click. */
export function DeleteConversation({ conversationId, onDeleted }: DeleteConversationProps) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const mutation = useMutation({
    mutationFn: () => deleteConversation(conversationId),
    onSuccess: (result) => {
      setOpened(false);
      notifications.show({ color: 'teal', message: t('conversations.deleted', { id: conversationId }) });
      onDeleted(result);
    },
  });
  const matches = typed.trim() === conversationId;

  const open = () => {
    setTyped('');
    mutation.reset();
    setOpened(true);
  };

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="conversation-danger-title"
      style={{ borderColor: 'var(--mantine-color-red-outline)' }}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 18rem' }}>
          <Title order={2} size="h4" id="conversation-danger-title" c="red">
            {t('conversations.danger.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('conversations.danger.explain')}
          </Text>
        </Stack>
        <Button color="red" variant="outline" onClick={open}>
          {t('conversations.delete.open')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('conversations.delete.title')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches && !mutation.isPending) mutation.mutate();
          }}
          noValidate
        >
          <Stack gap="sm">
            <Text size="sm">{t('conversations.delete.explain')}</Text>
            <TextInput
              label={t('conversations.delete.typeId', { id: conversationId })}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            {mutation.isError ? <ErrorState error={mutation.error} title={t('conversations.delete.failed')} /> : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!matches} loading={mutation.isPending}>
                {t('conversations.delete.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
