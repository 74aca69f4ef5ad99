import { useId } from 'react';
import { ChevronIcon } from '../../components';
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
      <ChevronIcon className={classes.chevron} size={10} />
    </div>
  );
}
