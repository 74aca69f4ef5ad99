import { Button, Group, TextInput } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useConnection } from '../../lib';
import { isPathId } from '../../contract';
import { IdLookup, PageHeader, UnusableIdNotice, usePathIdError } from '../../components';
import { useT } from '../../i18n';
import { KnowledgeDetail } from './KnowledgeDetail';
import { paths } from '../../config/paths';

/** Every tracked deletion: the deletion runtime, a chunk of its own, not in a knowledge base's first load. */
const AllDeletions = lazy(() => import('./knowledge-deletions').then((m) => ({ default: m.AllDeletions })));

/** /knowledge: look up a knowledge base by id, and every tracked deletion of this profile. /knowledge/:id: one knowledge base. */
export default function KnowledgePage() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const { active } = useConnection();

  return (
    <>
      <PageHeader title={t('knowledge.title')} description={t('knowledge.description')} />
      {id ? (
        <>
          <CompactLookup key={id} onOpen={(next) => navigate(paths.knowledgeBase.href(next))} />
          {isPathId(id) ? (
            <KnowledgeDetail key={`${active?.id ?? ''}/${id}`} knowledgeId={id} />
          ) : (
            <UnusableIdNotice id={id} />
          )}
        </>
      ) : (
        <>
          <IdLookup
            kind="knowledge"
            label={t('knowledge.lookup.label')}
            onOpen={(next) => navigate(paths.knowledgeBase.href(next))}
            pathOf={paths.knowledgeBase.href}
          />
          <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
            <Suspense fallback={null}>
              <AllDeletions profileId={active?.id} />
            </Suspense>
          </div>
        </>
      )}
    </>
  );
}

/** The lookup in one line above a record, to jump to another id. */
function CompactLookup({ onOpen }: { onOpen(id: string): void }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pathIdError = usePathIdError();
  function submit(event: FormEvent) {
    event.preventDefault();
    const next = value.trim();
    const unusable = pathIdError(next);
    setError(unusable);
    if (next && !unusable) onOpen(next);
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('knowledge.lookup.another')}
      style={{ marginBottom: 'var(--mantine-spacing-md)' }}
    >
      <Group gap="xs" wrap="nowrap" maw="32rem">
        <TextInput
          aria-label={t('knowledge.lookup.label')}
          placeholder={t('knowledge.lookup.anotherPlaceholder')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(pathIdError(e.currentTarget.value.trim()));
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          size="sm"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" size="sm" disabled={!value.trim()}>
          {t('catalog.open')}
        </Button>
      </Group>
    </form>
  );
}
