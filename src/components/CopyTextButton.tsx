import { Button, type ButtonProps } from '@mantine/core';
import { useCopy } from './copy-text';

export interface CopyTextButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  value: string;
  label: string;
  copiedLabel: string;
}

/** A labelled button that copies a value (copyText); it reads `copiedLabel`, in teal, for a moment after. */
export function CopyTextButton({ value, label, copiedLabel, color, ...props }: CopyTextButtonProps) {
  const { copied, copy } = useCopy();
  return (
    <Button {...props} color={copied ? 'teal' : color} onClick={() => copy(value)}>
      {copied ? copiedLabel : label}
    </Button>
  );
}
