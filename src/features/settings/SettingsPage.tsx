import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { connectionStore, useConnection, type ConnectionProfile } from '../../lib';
import { EmptyState, PageHeader, TokenRejectedNotice } from '../../components';
import { useT } from '../../i18n';
import { DeleteProfileModal } from './DeleteProfileModal';
import { ActivitySettings } from './ActivitySettings';
import { GraderSettings } from './GraderSettings';
import { ProfileCard } from './ProfileCard';
import { ProfileForm } from './ProfileForm';

/** Which form is open: none, a new profile, or editing one by id. */
type Editing = null | { kind: 'new' } | { kind: 'edit'; id: string };

export default function SettingsPage() {
  const t = useT();
  const { profiles, active } = useConnection();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ConnectionProfile | null>(null);
  const editedProfile = editing?.kind === 'edit' ? profiles.find((p) => p.id === editing.id) : undefined;
  // Sent here because the service refused a token (see AuthErrorWatcher): name and highlight that profile.
  const [params, setParams] = useSearchParams();
  const rejected = params.get('reason') === 'token' ? profiles.find((p) => p.id === params.get('profile')) : undefined;

  const confirmDelete = () => {
    if (!deleting) return;
    try {
      connectionStore.removeProfile(deleting.id);
      notifications.show({ color: 'teal', message: t('settings.deleted', { name: deleting.name }) });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
    }
    if (editing?.kind === 'edit' && editing.id === deleting.id) setEditing(null);
    setDeleting(null);
  };

  return (
    <>
      <PageHeader
        title={t('settings.title')}
        description={t('settings.description')}
        actions={
          // With no profiles the empty state offers the same button; one is enough.
          editing?.kind === 'new' || profiles.length === 0 ? null : (
            <Button onClick={() => setEditing({ kind: 'new' })}>{t('settings.addProfile')}</Button>
          )
        }
      />
      <Stack gap="md">
        {rejected ? (
          <TokenRejectedNotice profileName={rejected.name} onClose={() => setParams({}, { replace: true })} />
        ) : null}
        {editing ? (
          <ProfileForm
            // A fresh form per profile, so switching from one edit to another never carries values over.
            key={editing.kind === 'edit' ? editing.id : 'new'}
            profile={editedProfile}
            onDone={() => setEditing(null)}
          />
        ) : null}
        <Title order={2} size="h4">
          {t('settings.profiles')}
        </Title>
        {profiles.length === 0 ? (
          <EmptyState
            title={t('settings.noProfiles')}
            actions={
              editing ? null : <Button onClick={() => setEditing({ kind: 'new' })}>{t('settings.addProfile')}</Button>
            }
          />
        ) : (
          profiles.map((p) => (
            <ProfileCard
              key={p.id}
              profile={p}
              active={p.id === active?.id}
              highlighted={p.id === rejected?.id}
              onEdit={() => setEditing({ kind: 'edit', id: p.id })}
              onDelete={() => setDeleting(p)}
            />
          ))
        )}
        <GraderSettings />
        <ActivitySettings />
        {/* Which build this is, for a bug report or the changelog; package.json's version, written in at build time. */}
        <Text size="xs" c="dimmed">
          {t('settings.version', { version: import.meta.env.KC_VERSION })}
        </Text>
      </Stack>
      <DeleteProfileModal profile={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </>
  );
}
