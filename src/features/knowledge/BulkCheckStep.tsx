import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useT } from '../../i18n';
import classes from './BulkRemoval.module.css';

export interface BulkCheckStepProps {
  /** Ids answered so far, of `total`. */
  checked: number;
  total: number;
  /** The progress line: focus moves to it from the Check button, which went away. */
  focusRef: Ref<HTMLDivElement>;
  onCancel(): void;
}

/** The check before confirming, under way: how far it is, and a way back to the ids. */
export function BulkCheckStep({ checked, total, focusRef, onCancel }: BulkCheckStepProps) {
  const t = useT();
  return (
    <Stack gap="sm" data-testid="bulk-checking">
      <div ref={focusRef} tabIndex={-1} className={`${classes.focusTarget} ${classes.checkResult}`}>
        <Text size="sm">{t('knowledge.bulk.check.progress', { done: checked, total })}</Text>
      </div>
      <Progress value={(checked / Math.max(1, total)) * 100} aria-label={t('knowledge.bulk.check.progressLabel')} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('knowledge.bulk.check.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
