import { ActionIcon } from '@mantine/core';
import { useT } from '../i18n';
import { Hint } from './Hint';
import { CheckIcon, CopyIcon } from './icons';
import { useCopy } from './copy-text';

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
  const { copied, copy } = useCopy();
  return (
    <Hint label={copied ? t('common.copied') : name} placement="above">
      <ActionIcon
        variant="subtle"
        color={copied ? 'teal' : 'gray'}
        size={size}
        onClick={() => copy(value)}
        aria-label={name}
        data-copied={copied ? 'true' : undefined}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
      </ActionIcon>
    </Hint>
  );
}
