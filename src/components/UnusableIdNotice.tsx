import { Alert } from '@mantine/core';
import { useT } from '../i18n';

/** In place of a page whose address holds an id that cannot go into a request's path: nothing is asked for it. */
export function UnusableIdNotice({ id }: { id: string }) {
  const t = useT();
  return (
    <Alert color="red" variant="light" role="alert" title={t('ids.unsafeAddress', { id: JSON.stringify(id) })}>
      {t('ids.unsafe')}
    </Alert>
  );
}
