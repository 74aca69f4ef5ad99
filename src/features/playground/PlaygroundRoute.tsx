import { Anchor, Button, Menu, Switch, Tabs } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api';
import { catalogStore, useConnection, type ConnectionProfile } from '../../lib';
import { downloadText, ErrorState, PageHeader, readPlaygroundLink, UnusableIdNotice } from '../../components';
import { isPathId } from '../../contract';
import { useT } from '../../i18n';
import { ChatView } from './components/ChatView';
import { ComparePanel } from './components/ComparePanel';
import { statusKey } from './components/AnswerCard';
import { usePlaygroundSession } from './hooks/use-session';
import { exportJson, exportMarkdown } from './model/export';
import { loadRemoteImages, saveRemoteImages } from './model/storage';
import { applyPreset } from './model/options';
import { ANSWER_STATUSES, type AnswerStatus } from './model/answer-status';
import { paths } from '../../config/paths';

/** /playground/:spaceId with an active profile. */
function Playground({ spaceId, profile }: { spaceId: string; profile: ConnectionProfile }) {
  const t = useT();
  const session = usePlaygroundSession(profile, spaceId);
  // "Open in playground" (a suite case): its options once, a new conversation, its question in the box.
  const [search, setSearch] = useSearchParams();
  const [link] = useState(() => readPlaygroundLink(search));
  const [openedAt] = useState(() => window.location.href);
  const { setOptions } = session;
  useEffect(() => {
    if (!link.options && !link.message) return;
    const { options } = link;
    if (options) {
      setOptions((current) => ({
        ...applyPreset(current, {
          ...current,
          ...options,
          ...(options.context_params !== undefined ? { context_params: JSON.stringify(options.context_params) } : {}),
        }),
        conversation_id: '',
      }));
    }
    // The link's query goes from the address, but only while it is still this page's: a Back pressed before this
    // ran has moved the browser on, and replacing now would put the playground over the page gone back to.
    if (window.location.href === openedAt) setSearch({}, { replace: true });
  }, [link, openedAt, setOptions, setSearch]);
  // Opening a space is meeting its id (answers add theirs as they come).
  useEffect(() => catalogStore.remember(profile.id, [{ kind: 'space', id: spaceId }]), [profile.id, spaceId]);
  const [allowRemoteImages, setAllowRemoteImages] = useState(loadRemoteImages);
  const [tab, setTab] = useState<string | null>('chat');
  const fileBase = `playground-space-${spaceId}`;

  const sessionMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default">{t('playground.session.menu')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          disabled={!session.exchanges.length}
          onClick={() =>
            downloadText(
              `${fileBase}.json`,
              exportJson(spaceId, session.options, session.exchanges),
              'application/json',
            )
          }
        >
          {t('playground.session.exportJson')}
        </Menu.Item>
        <Menu.Item
          disabled={!session.exchanges.length}
          onClick={() =>
            downloadText(
              `${fileBase}.md`,
              exportMarkdown(spaceId, session.exchanges, {
                title: t('playground.export.title', { id: spaceId }),
                user: t('playground.transcript.you'),
                assistant: t('playground.answer.assistant'),
                sources: t('playground.export.sources'),
                usage: t('playground.export.usage'),
                status: Object.fromEntries(ANSWER_STATUSES.map((s) => [s, t(statusKey(s))])) as Record<
                  AnswerStatus,
                  string
                >,
              }),
              'text/markdown',
            )
          }
        >
          {t('playground.session.exportMarkdown')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" disabled={!session.exchanges.length} onClick={session.clear}>
          {t('playground.session.clear')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <>
      <PageHeader
        title={t('playground.spaceTitle', { id: spaceId })}
        description={t('playground.description')}
        actions={
          <>
            <Switch
              label={t('playground.remoteImages')}
              checked={allowRemoteImages}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setAllowRemoteImages(on);
                saveRemoteImages(on);
              }}
            />
            {sessionMenu}
            <Button variant="subtle" component={Link} to={paths.playground.href()}>
              {t('playground.otherSpace')}
            </Button>
          </>
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List mb="md">
          <Tabs.Tab value="chat">{t('playground.tab.chat')}</Tabs.Tab>
          <Tabs.Tab value="compare">{t('playground.tab.compare')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chat">
          <ChatView
            session={session}
            profile={profile}
            spaceId={spaceId}
            allowRemoteImages={allowRemoteImages}
            initialMessage={link.message}
          />
        </Tabs.Panel>
        <Tabs.Panel value="compare">
          <ComparePanel
            spaceId={spaceId}
            options={session.options}
            profile={profile}
            allowRemoteImages={allowRemoteImages}
          />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

export function PlaygroundRoute({ spaceId }: { spaceId: string }) {
  const t = useT();
  const { active } = useConnection();
  if (!isPathId(spaceId)) {
    return (
      <>
        <PageHeader title={t('playground.title')} />
        <UnusableIdNotice id={spaceId} />
      </>
    );
  }
  if (!active) {
    return (
      <>
        <PageHeader title={t('playground.spaceTitle', { id: spaceId })} />
        <ErrorState error={new ApiError({ kind: 'no_profile', message: t('error.kind.config') })} />
        <Anchor component={Link} to={paths.settings.href()} mt="sm" display="inline-block">
          {t('playground.toSettings')}
        </Anchor>
      </>
    );
  }
  // A new space or profile is a new session: remount so its own transcript and options load.
  return <Playground key={`${active.id}:${spaceId}`} spaceId={spaceId} profile={active} />;
}
