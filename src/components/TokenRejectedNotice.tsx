import { Alert } from '@mantine/core';
import { useT } from '../i18n';

export interface TokenRejectedNoticeProps {
  profileName: string;
  onClose: () => void;
}

/** Settings, opened because the service refused a profile's token: says which profile and what to do. */
export function TokenRejectedNotice({ profileName, onClose }: TokenRejectedNoticeProps) {
  const t = useT();
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      data-testid="token-rejected-notice"
      title={t('auth.rejected.title', { name: profileName })}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
    >
      {t('auth.rejected.settingsHint')}
    </Alert>
  );
}
