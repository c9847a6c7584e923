import { describe, expect, it } from 'vitest';
import { csvCell, csvRows } from './csv';

describe('csvCell', () => {
  it('quotes every cell and doubles the quotes inside', () => {
    expect(csvCell('HOTEL42')).toBe('"HOTEL42"');
    expect(csvCell('Hotel "Bella Vista"; Sestriere')).toBe('"Hotel ""Bella Vista""; Sestriere"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(12)).toBe('"12"');
  });

  it('writes nothing for null and undefined', () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it('keeps a spreadsheet from running a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    for (const start of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(csvCell('a=b')).toBe('"a=b"');
  });
});

describe('csvRows', () => {
  it('separates cells with ; and ends every row with CRLF', () => {
    expect(csvRows([['a', 1], [], ['b;c']])).toBe('"a";"1"\r\n\r\n"b;c"\r\n');
  });
});
