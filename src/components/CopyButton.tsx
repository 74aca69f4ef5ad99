import { ActionIcon, CopyButton as MantineCopyButton } from '@mantine/core';
import { useT } from '../i18n';
import { Hint } from './Hint';
import { CheckIcon, CopyIcon } from './icons';

export interface CopyButtonProps {
  value: string;
  /** What is copied, for the accessible name: "Copy {label}". Defaults to "Copy". */
  label?: string;
  size?: 'xs' | 'sm' | 'md';
}

/** Copies a value to the clipboard; the icon turns to a check for a moment. */
export function CopyButton({ value, label, size = 'sm' }: CopyButtonProps) {
  const t = useT();
  const name = label ? `${t('common.copy')}: ${label}` : t('common.copy');
  return (
    <MantineCopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Hint label={copied ? t('common.copied') : name} placement="above">
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size={size} onClick={copy} aria-label={name}>
            {copied ? <CheckIcon /> : <CopyIcon />}
          </ActionIcon>
        </Hint>
      )}
    </MantineCopyButton>
  );
}
