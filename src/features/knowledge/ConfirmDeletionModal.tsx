import { Alert, Button, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { documentBaseQuery, isApiError } from '../../api';
import { useT } from '../../i18n';

export interface ConfirmDeletionModalProps {
  documentId: string;
  knowledgeId: string;
  knowledgeName?: string;
  onCancel(): void;
  /** Called with the document's name when the lookup found it. */
  onConfirm(documentName: string | undefined): void;
}

/** Names the document (query-base, when it answers) and says plainly that the service confirms later. */
export function ConfirmDeletionModal({
  documentId,
  knowledgeId,
  knowledgeName,
  onCancel,
  onConfirm,
}: ConfirmDeletionModalProps) {
  const t = useT();
  // One quick look-up: the modal must not wait on retries to say "name unknown".
  const lookup = useQuery({ ...documentBaseQuery(documentId), retry: false });
  const name = lookup.data?.record.name || undefined;

  return (
    <Modal opened onClose={onCancel} title={t('knowledge.confirm.title')} centered size="lg">
      <Stack gap="sm">
        <div data-testid="confirm-document">
          <Text size="sm" c="dimmed">
            {t('knowledge.confirm.document')}
          </Text>
          {lookup.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('knowledge.confirm.lookingUp')}</Text>
            </Group>
          ) : name ? (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          ) : (
            <Text fw={600} c="dimmed" fs="italic">
              {t('knowledge.confirm.nameUnknown')}
            </Text>
          )}
          <Code>{documentId}</Code>
          {lookup.isError ? (
            <Text size="xs" c="dimmed" mt={4}>
              {t('knowledge.confirm.lookupFailed', {
                reason: isApiError(lookup.error)
                  ? (lookup.error.serviceMessage ?? lookup.error.message)
                  : String(lookup.error),
              })}
            </Text>
          ) : null}
        </div>
        <Text size="sm">{t('knowledge.confirm.from', { name: knowledgeName || knowledgeId, id: knowledgeId })}</Text>
        <Alert color="yellow" variant="light" title={t('knowledge.confirm.asyncTitle')}>
          {t('knowledge.confirm.asyncExplain')}
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => onConfirm(name)}>
            {t('knowledge.confirm.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
