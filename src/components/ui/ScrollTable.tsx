import type { ReactNode } from 'react';

interface Props {
  /** Names the scrolling region: focusable, so a keyboard scrolls it, and named for screen readers. */
  label: string;
  /** The table's caption. Left out: the label, for screen readers only; `false`: none (a heading above says it). */
  caption?: ReactNode;
  className: string;
  /** The column headings, in order. */
  columns: readonly ReactNode[];
  /** The body's rows. */
  children: ReactNode;
  /** A footer row group (totals). */
  foot?: ReactNode;
}

/**
 * A data table wider than a phone: it scrolls inside its own labelled region, not the page. Every
 * list of orders, lines and units of both sides is one, each with its own columns and rows.
 */
export function ScrollTable({ label, caption, className, columns, children, foot }: Props) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={className}>
        {caption === undefined ? <caption className="visually-hidden">{label}</caption> : caption !== false && <caption>{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot}
      </table>
    </div>
  );
}
