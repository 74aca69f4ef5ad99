import { useNavigate, useParams } from 'react-router-dom';
import { isPathId } from '../../contract';
import { IdLookup, PageHeader, UnusableIdNotice } from '../../components';
import { useT } from '../../i18n';
import { DocumentDetail } from './DocumentDetail';
import { paths } from '../../config/paths';

/** /documents opens a document by id; /documents/:id shows its base info and full text. */
export default function DocumentsPage() {
  const { id } = useParams();
  // A new id remounts the page, so no search or scroll position of the previous document lingers.
  if (!id) return <DocumentLookup />;
  return isPathId(id) ? <DocumentDetail key={id} id={id} /> : <UnusableIdPage id={id} />;
}

function UnusableIdPage({ id }: { id: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('documents.title')} />
      <UnusableIdNotice id={id} />
    </>
  );
}

function DocumentLookup() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('documents.title')} description={t('documents.lookupDescription')} />
      <IdLookup
        kind="document"
        label={t('documents.idLabel')}
        onOpen={(id) => navigate(paths.document.href(id))}
        pathOf={paths.document.href}
      />
    </>
  );
}
