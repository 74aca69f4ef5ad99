import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { EmptyState, PageHeader } from '../../components';
import { useT } from '../../i18n';
import { paths } from '../../config/paths';

export default function NotFoundPage() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <EmptyState
        title={t('notFound.title')}
        description={t('notFound.body', { path: pathname })}
        actions={
          <Button component={Link} to={paths.home.href()} variant="light">
            {t('common.goHome')}
          </Button>
        }
      />
    </>
  );
}
