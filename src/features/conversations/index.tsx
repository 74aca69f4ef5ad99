import { useNavigate, useParams } from 'react-router-dom';
import { useConnection } from '../../lib';
import { isPathId } from '../../contract';
import { IdLookup, PageHeader, UnusableIdNotice } from '../../components';
import { useT } from '../../i18n';
import { ConversationPage } from './ConversationPage';
import { paths } from '../../config/paths';

/** /conversations: open one by id (pasted, pinned or recent); /conversations/:id: update or delete it. */
export default function ConversationsRoute() {
  const { id } = useParams();
  const { active } = useConnection();
  // A new id or another profile starts from that pair's own last record.
  if (!id) return <ConversationLookup />;
  return isPathId(id) ? (
    <ConversationPage key={`${active?.id ?? ''}\u0000${id}`} id={id} />
  ) : (
    <UnusableIdPage id={id} />
  );
}

function UnusableIdPage({ id }: { id: string }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('conversations.title')} />
      <UnusableIdNotice id={id} />
    </>
  );
}

function ConversationLookup() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('conversations.title')} description={t('conversations.intro')} />
      <IdLookup
        kind="conversation"
        label={t('conversations.idLabel')}
        onOpen={(id) => navigate(paths.conversation.href(id))}
        pathOf={paths.conversation.href}
      />
    </>
  );
}
