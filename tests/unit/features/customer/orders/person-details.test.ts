import { describe, expect, it } from 'vitest';
import itMessages from '~i18n/it.json';
import enMessages from '~i18n/en.json';
import { createIslandT } from '~/i18n/translate';
import { personDetails, personName } from '~/features/customer/orders/person-details';

const skier = { first_name: 'Luca', last_name: 'Bianchi', height: 168, weight: 70, shoe_size: 42, level: 'intermedio' };

describe('personDetails', () => {
  it('puts each unit after its number, as a person reads the measures', () => {
    const t = createIslandT('it', itMessages);
    expect(personDetails(t, skier as never)).toBe('Altezza 168 cm · Peso 70 kg · Scarpe 42 EU · Intermedio');
    expect(personDetails(createIslandT('en', enMessages), skier as never)).toBe('Height 168 cm · Weight 70 kg · Shoes 42 EU · Intermediate');
  });

  it('leaves out what was not typed, and is empty for nobody', () => {
    const t = createIslandT('it', itMessages);
    expect(personDetails(t, { ...skier, weight: null, level: null } as never)).toBe('Altezza 168 cm · Scarpe 42 EU');
    expect(personDetails(t, null as never)).toBe('');
    expect(personName(skier as never)).toBe('Luca Bianchi');
  });
});
