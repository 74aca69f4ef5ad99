export { PageHeader, type PageHeaderProps } from './PageHeader';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { DemoStarters } from './DemoStarters';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export { DriftWarnings, type DriftWarningsProps } from './DriftWarnings';
export { RawJson, toPrettyJson, type RawJsonProps } from './RawJson';
export { CopyButton, type CopyButtonProps } from './CopyButton';
export { CopyTextButton, type CopyTextButtonProps } from './CopyTextButton';
export { copyText, useCopy } from './copy-text';
export { StatusBadge, StatusDot, type StatusBadgeProps, type StatusTone } from './StatusBadge';
export { HostCheckResult, useCheckLabel } from './HostCheckResult';
export { useProfileHealth, healthTone, failedHost, type ProfileHealth } from './connection-health';
export { IdLookup, type IdLookupProps } from './IdLookup';
export { usePathIdError } from './path-id-error';
export { UnusableIdNotice } from './UnusableIdNotice';
export { OfflineBanner } from './OfflineBanner';
export { TokenRejectedNotice, type TokenRejectedNoticeProps } from './TokenRejectedNotice';
export { useOnline } from './use-online';
export { Loading } from './Loading';
export { downloadText, fileStamp } from './download';
export { formatBytes } from './format-bytes';
export { catalogOptions } from './catalog-options';
export { CatalogDatalist } from './CatalogDatalist';
export { Hint, type HintProps } from './Hint';
export { StatusBadgeWithTooltip } from './StatusBadgeWithTooltip';
export { SafeMarkdown, type SafeMarkdownProps } from './markdown/SafeMarkdown';
export { SourcesList } from './SourcesList';
export { ScrollCue, ScrollTable, useSideOverflow, type SideOverflow } from './ScrollTable';
export { playgroundLink, readPlaygroundLink, type PlaygroundLinkParams } from './playground-link';
export {
  CheckIcon,
  ChevronIcon,
  CopyIcon,
  LogoIcon,
  MoonIcon,
  PinIcon,
  SearchIcon,
  SunIcon,
  TrashIcon,
  type IconProps,
} from './icons';
export { storageErrorKey } from './storage-error';
export { UnreadableKeptRows } from './UnreadableKeptRows';
export { plainControls } from './plain-controls';
export { useAfterPaint } from './use-after-paint';
