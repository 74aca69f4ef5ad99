import { useNavigate, useParams } from 'react-router-dom';
import { IdLookup, PageHeader } from '../../components';
import { useT } from '../../i18n';
import { DatasetDetail } from './DatasetDetail';
import { paths } from '../../config/paths';

/** /datasets opens a dataset by id; /datasets/:id shows it (and ?compare=:other compares it). */
export default function DatasetsPage() {
  const { id } = useParams();
  // A new id remounts the page, so nothing of the previous dataset (open prompts, raw view) lingers.
  return id ? <DatasetDetail key={id} id={id} /> : <DatasetLookup />;
}

function DatasetLookup() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('datasets.title')} description={t('datasets.lookupDescription')} />
      <IdLookup kind="dataset" label={t('datasets.idLabel')} onOpen={(id) => navigate(paths.dataset.href(id))} />
    </>
  );
}
