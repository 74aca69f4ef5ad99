import { Anchor, Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHref, useNavigate } from 'react-router-dom';
import { useConnection, useKeptDb } from '../../../lib';
import { useT } from '../../../i18n';
import { paths } from '../../../config/paths';
import type { CaseAdded, KeptSuite } from '../../../suite-engine';
import { KEPT_SUITES_QUERY_ROOT } from '../../../suite-engine/kept-suites-key';
import { answerForCase, suiteShelf } from '../model/add-to-suite';
import type { Exchange } from '../model/exchange';

type Target = { suite: KeptSuite } | { newIn: string };

/**
 * "Add to suite" on an answer: one click on a suite of the profile (its space's first) or on a new suite appends a
 * case with the question and the answer's cited documents as `relevant_documents`; a toast links to it.
 */
export function AddToSuiteMenu({ exchange }: { exchange: Exchange }) {
  const t = useT();
  const db = useKeptDb();
  const { active } = useConnection();
  const queryClient = useQueryClient();
  const profileId = active?.id;
  // The toast renders outside the router (Notifications sit above it): it navigates through this component's.
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  const shelf = suiteShelf(db);
  const list = useQuery({
    queryKey: ['playground', 'suites', profileId],
    queryFn: () => shelf.list(profileId!),
    enabled: false,
  });
  const add = useMutation({
    mutationFn: async (target: Target): Promise<CaseAdded> => {
      const answer = answerForCase(exchange);
      if ('suite' in target) return shelf.addTo(target.suite.id, answer);
      return shelf.addToNew(profileId!, target.newIn, exchange.spaceId, answer);
    },
    onSuccess: (added) => {
      void queryClient.invalidateQueries({ queryKey: KEPT_SUITES_QUERY_ROOT });
      void list.refetch();
      if (!added.ok) {
        notifications.show({ color: 'red', title: t('playground.toSuite.failed'), message: added.error });
        return;
      }
      const to = paths.suite.href(added.suite.id, undefined, added.caseId);
      const id = notifications.show({
        color: 'teal',
        autoClose: 8000,
        title: t('playground.toSuite.added', { name: added.suite.file.name }),
        message: (
          <Anchor
            href={base + to}
            size="sm"
            data-testid="open-added-case"
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              notifications.hide(id);
              void navigate(to);
            }}
          >
            {t('playground.toSuite.open', { id: added.caseId })}
          </Anchor>
        ),
      });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('playground.toSuite.failed'),
        message: error instanceof Error ? error.message : String(error),
      }),
  });
  if (!profileId) return null;
  const suites = list.data ?? [];
  const sameSpace = suites.filter((s) => String(s.file.space_id) === exchange.spaceId);
  const otherSpace = suites.filter((s) => String(s.file.space_id) !== exchange.spaceId);
  const item = (s: KeptSuite) => (
    <Menu.Item key={s.id} onClick={() => add.mutate({ suite: s })} data-testid="add-to-suite-item">
      <Text size="sm">{s.file.name}</Text>
      <Text size="xs" c="dimmed">
        {t('playground.toSuite.suiteLine', { space: s.file.space_id, count: s.file.cases.length })}
      </Text>
    </Menu.Item>
  );
  return (
    <Menu position="bottom-start" withinPortal onOpen={() => void list.refetch()}>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" loading={add.isPending} data-testid="add-to-suite">
          {t('playground.toSuite.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={360}>
        {list.isFetching && !list.data ? <Menu.Label>{t('playground.toSuite.loading')}</Menu.Label> : null}
        {list.isError ? <Menu.Label c="red">{t('playground.toSuite.unreadable')}</Menu.Label> : null}
        {sameSpace.length ? (
          <Menu.Label>{t('playground.toSuite.thisSpace', { space: exchange.spaceId })}</Menu.Label>
        ) : null}
        {sameSpace.map(item)}
        {otherSpace.length ? <Menu.Label>{t('playground.toSuite.otherSpaces')}</Menu.Label> : null}
        {otherSpace.map(item)}
        {suites.length ? <Menu.Divider /> : null}
        <Menu.Item
          onClick={() => add.mutate({ newIn: t('playground.toSuite.newName', { space: exchange.spaceId }) })}
          data-testid="add-to-new-suite"
        >
          {t('playground.toSuite.new', { space: exchange.spaceId })}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
