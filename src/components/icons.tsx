import type { ReactNode } from 'react';

/**
 * The console's icons, each drawn once (the project ships no icon set). All are decorative: the button or
 * badge around an icon carries its name. `size` is pixels, or a share of the button it sits in ("60%").
 */
export interface IconProps {
  size?: number | string;
  className?: string;
}

interface StrokedProps extends IconProps {
  children: ReactNode;
  strokeWidth?: number;
  filled?: boolean;
}

/** A 24×24 line drawing in the current text colour. */
function Stroked({ size = '60%', className, children, strokeWidth = 2, filled = false }: StrokedProps) {
  return (
    <svg
      width={size}
      height={size}
      className={className}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function LogoIcon({ size = 24, className }: IconProps) {
  return (
    <svg width={size} height={size} className={className} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-indigo-6)" />
      <path d="M9 8h4v6.5L19 8h5l-7 7.5L24.5 24h-5.2l-5-6-1.3 1.4V24H9z" fill="#fff" />
    </svg>
  );
}

export function SunIcon({ size = 18, className }: IconProps) {
  return (
    <Stroked size={size} className={className}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </Stroked>
  );
}

export function MoonIcon({ size = 18, className }: IconProps) {
  return (
    <Stroked size={size} className={className}>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </Stroked>
  );
}

export function SearchIcon({ size = 18, className }: IconProps) {
  return (
    <Stroked size={size} className={className}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </Stroked>
  );
}

/** A pin; filled when the item is pinned. */
export function PinIcon({ filled, size, className }: IconProps & { filled: boolean }) {
  return (
    <Stroked size={size} className={className} filled={filled}>
      <path d="M12 17v5M9 3h6l-1 6 4 4H6l4-4z" />
    </Stroked>
  );
}

export function TrashIcon({ size, className }: IconProps) {
  return (
    <Stroked size={size} className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </Stroked>
  );
}

export function CopyIcon({ size, className }: IconProps) {
  return (
    <Stroked size={size} className={className}>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </Stroked>
  );
}

export function CheckIcon({ size, className }: IconProps) {
  return (
    <Stroked size={size} className={className} strokeWidth={2.5}>
      <path d="M5 12l5 5L20 7" />
    </Stroked>
  );
}

export function ChevronIcon({ up = false, size, className }: IconProps & { up?: boolean }) {
  return (
    <Stroked size={size} className={className} strokeWidth={2.5}>
      <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
    </Stroked>
  );
}
