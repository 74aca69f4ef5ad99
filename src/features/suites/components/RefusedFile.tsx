import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n';

/** A file the admin chose and the console refused (an import, a run, a published suite): why, until dismissed. */
export function RefusedFile({
  title,
  onClose,
  testId,
  children,
}: {
  title: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      title={title}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}
