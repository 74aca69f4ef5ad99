import { useId } from 'react';
import classes from './HeaderSelect.module.css';

export interface HeaderSelectProps {
  /** The accessible name; shown above the field when `showLabel`. */
  label: string;
  showLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  width: number | string;
}

/** A small picker for the header and navigation (language, connection profile). */
export function HeaderSelect({ label, showLabel = false, value, onChange, options, width }: HeaderSelectProps) {
  const id = useId();
  return (
    <div className={classes.field} style={{ width }}>
      {showLabel ? (
        <label className={classes.label} htmlFor={id}>
          {label}
        </label>
      ) : null}
      <select
        id={id}
        className={classes.select}
        aria-label={showLabel ? undefined : label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <svg className={classes.chevron} width="12" height="12" viewBox="0 0 15 15" fill="none" aria-hidden="true">
        <path
          d="M4.93 5.43a.45.45 0 0 1 .64 0L7.5 7.36l1.93-1.93a.45.45 0 1 1 .64.64L7.82 8.32a.45.45 0 0 1-.64 0L4.93 6.07a.45.45 0 0 1 0-.64Z"
          fill="currentColor"
          fillRule="evenodd"
          clipRule="evenodd"
        />
      </svg>
    </div>
  );
}
