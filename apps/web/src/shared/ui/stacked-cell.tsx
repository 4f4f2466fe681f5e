import type { ReactNode } from 'react';
import './stacked-cell.css';

interface StackedCellProps {
  primary: ReactNode;
  /** The line under it, smaller and muted; none when absent. */
  secondary?: ReactNode;
  /** The primary line is the row's name. */
  strong?: boolean;
  /** Hover text of a line cut short; a text line shows itself by default. */
  primaryTitle?: string | undefined;
  secondaryTitle?: string | undefined;
  /** Extra classes for the second line (a monospaced code). */
  secondaryClassName?: string;
}

const titleOf = (node: ReactNode, given: string | undefined) =>
  given ?? (typeof node === 'string' && node !== '' ? node : undefined);

/** Two facts to a table cell, each line cut with an ellipsis: one column instead of two. */
export function StackedCell({
  primary,
  secondary,
  strong = false,
  primaryTitle,
  secondaryTitle,
  secondaryClassName,
}: StackedCellProps) {
  return (
    <span className="stacked-cell">
      <span
        className={`stacked-cell__line${strong ? ' stacked-cell__line--strong' : ''}`}
        title={titleOf(primary, primaryTitle)}
      >
        {primary}
      </span>
      {secondary === undefined || secondary === null || secondary === '' ? null : (
        <span
          className={`stacked-cell__line stacked-cell__line--secondary${secondaryClassName ? ` ${secondaryClassName}` : ''}`}
          title={titleOf(secondary, secondaryTitle)}
        >
          {secondary}
        </span>
      )}
    </span>
  );
}
