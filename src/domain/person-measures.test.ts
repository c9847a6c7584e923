import { describe, expect, it } from 'vitest';
import { measuresText } from './person-measures';

// A translator that shows which key and value were asked: the words themselves are i18n/*.json's.
const t = (key: string, options?: Record<string, unknown>) => (options && 'value' in options ? `${key}=${String(options.value)}` : key);

describe('measuresText', () => {
  it('lists height, weight, shoe size and level in that order, each through its own key', () => {
    expect(measuresText(t, { height: 168, weight: 70, shoe_size: '42', level: 'intermedio' })).toBe(
      'order.measures.height=168 · order.measures.weight=70 · order.measures.shoe_size=42 · order.measures.levels.intermedio',
    );
  });

  it('leaves out what was not typed, and says nothing for nobody', () => {
    expect(measuresText(t, { height: 168, weight: null, shoe_size: '', level: null })).toBe('order.measures.height=168');
    expect(measuresText(t, null)).toBe('');
    expect(measuresText(t, {})).toBe('');
  });
});
