// CSV for spreadsheets (the order's export, the referral report): the one escaping rule.

/**
 * Every cell quoted, its quotes doubled; a text starting like a formula (= + - @, a tab or a
 * carriage return) gets a leading apostrophe, so a spreadsheet shows it instead of running it
 * (CSV injection: a referral code or a name is typed by someone outside the shop).
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows of cells separated by `;` (what Italian and French spreadsheets open by default), CRLF after each row. */
export function csvRows(rows: readonly (readonly unknown[])[]): string {
  return rows.map((r) => r.map(csvCell).join(';')).join('\r\n') + '\r\n';
}
