import { ActionIcon, CopyButton as MantineCopyButton, Tooltip } from '@mantine/core';
import { useT } from '../i18n';

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
        <Tooltip label={copied ? t('common.copied') : name} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size={size} onClick={copy} aria-label={name}>
            {copied ? <CheckGlyph /> : <CopyGlyph />}
          </ActionIcon>
        </Tooltip>
      )}
    </MantineCopyButton>
  );
}

function CopyGlyph() {
  return (
    <svg
      width="60%"
      height="60%"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </svg>
  );
}

function CheckGlyph() {
  return (
    <svg
      width="60%"
      height="60%"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}
