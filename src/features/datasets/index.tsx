import { useNavigate, useParams } from 'react-router-dom';
import { isPathId } from '../../contract';
import { IdLookup, PageHeader, UnusableIdNotice } from '../../components';
import { useT } from '../../i18n';
import { DatasetDetail } from './DatasetDetail';
import { paths } from '../../config/paths';

/** /datasets opens a dataset by id; /datasets/:id shows it (and ?compare=:other compares it). */
export default function DatasetsPage() {
  const { id } = useParams();
  // A new id remounts the page, so nothing of the previous dataset (open prompts, raw view) lingers.
  if (!id) return <DatasetLookup />;
  return isPathId(id) ? <DatasetDetail key={id} id={id} /> : <UnusableIdPage id={id} />;
}

function UnusableIdPage({ id }: { id: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('datasets.title')} />
      <UnusableIdNotice id={id} />
    </>
  );
}

function DatasetLookup() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('datasets.title')} description={t('datasets.lookupDescription')} />
      <IdLookup
        kind="dataset"
        label={t('datasets.idLabel')}
        onOpen={(id) => navigate(paths.dataset.href(id))}
        pathOf={paths.dataset.href}
      />
    </>
  );
}
