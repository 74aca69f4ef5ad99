import { Alert, Anchor, Code, List, Text } from '@mantine/core';
import { useState } from 'react';
import type { DriftWarning } from '../contract';
import { useT, type MessageKey } from '../i18n';

export interface DriftWarningsProps {
  warnings: readonly DriftWarning[];
  /** Start expanded (e.g. on a page whose point is the drift). */
  defaultOpen?: boolean;
}

const KIND_KEY: Record<DriftWarning['kind'], MessageKey> = {
  missing: 'drift.kind.missing',
  type: 'drift.kind.type',
  range: 'drift.kind.range',
  unknown_field: 'drift.kind.unknown_field',
  value: 'drift.kind.value',
};

/** Where an answer differs from the documented shape, each with its JSON path. Renders nothing when there is no drift. */
export function DriftWarnings({ warnings, defaultOpen = false }: DriftWarningsProps) {
  const t = useT();
  const [open, setOpen] = useState(defaultOpen);
  if (warnings.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('drift.title', { count: warnings.length })}
      data-testid="drift-warnings"
    >
      <Text size="sm">{t('drift.explain')}</Text>
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        {open ? t('common.hideDetails') : t('common.showDetails')}
      </Anchor>
      {open ? (
        <List size="sm" mt="xs" spacing={2}>
          {warnings.map((w, i) => (
            <List.Item key={`${w.path}-${i}`}>
              <Code>{w.path}</Code> — {t(KIND_KEY[w.kind])}: {w.message}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Alert>
  );
}
