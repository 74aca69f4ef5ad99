import { EmptyState, PageHeader } from '../../components';
import { useT } from '../../i18n';

/** Placeholder until the Activity page lands: says honestly what will be here. */
export default function ActivityPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('activity.title')} />
      <EmptyState title={t('common.comingSoon')} description={t('activity.comingSoon')} />
    </>
  );
}
