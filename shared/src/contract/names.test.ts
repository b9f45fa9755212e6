import { changedFields } from './versions';
import { foldName, hasForbiddenNameCharacter, nameSchema, normalizeName } from './names';

describe('names (issue 23)', () => {
  it.each([
    ['Super Admin', 'super admin'],
    ['  Super   Admin  ', 'super admin'],
    ['Super\u00a0Admin', 'super admin'],
    ['Super\u202fAdmin', 'super admin'],
    ['Super\u3000Admin', 'super admin'],
    ['Super Admin\u200b', 'super admin'],
    ['Su\u200dper\u2060 Admin', 'super admin'],
    ['\uff33\uff55\uff50\uff45\uff52 Admin', 'super admin'],
    ['SUPER ADMIN', 'super admin'],
    ['Stra\u00dfe', 'strasse'],
    ['R\u00e9ka', 'r\u00e9ka'],
    ['Re\u0301ka', 'r\u00e9ka'],
    ['\ufb01nance', 'finance'],
  ])('folds %j to %j', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });

  it('normalises to NFC and trims white space of any kind at the ends only', () => {
    expect(normalizeName('\u00a0 Re\u0301ka  Putri\u3000')).toBe('R\u00e9ka  Putri');
  });

  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['C1 control', '\u0085'],
    ['tab', '\t'],
    ['zero-width space', '\u200b'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['left-to-right mark', '\u200e'],
    ['right-to-left override', '\u202e'],
    ['first strong isolate', '\u2068'],
    ['soft hyphen', '\u00ad'],
    ['line separator', '\u2028'],
    ['private use', '\ue000'],
    ['Hangul filler', '\u3164'],
  ])('refuses a %s', (_what, char) => {
    expect(hasForbiddenNameCharacter(`Bu${char}di`)).toBe(true);
    const parsed = nameSchema('Nama', 'Nama tidak boleh kosong', 150).safeParse(`Bu${char}di`);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Nama tidak boleh berisi karakter kontrol atau karakter tak terlihat',
    );
  });

  it('accepts letters of any script, marks, digits, punctuation and emoji', () => {
    for (const name of [
      'Désirée Ñúñez',
      'O’Brien-Putri',
      'Admin (Pusat) #2',
      '山田 太郎',
      'محمد',
      'Tim 🌺',
    ]) {
      expect(nameSchema('Nama', 'kosong', 150).parse(name)).toBe(name);
    }
  });

  it('gives a blank name the empty message and a long one the limit', () => {
    const schema = nameSchema('Nama role', 'Nama role tidak boleh kosong', 5);
    expect(schema.safeParse(' \u00a0 ').error?.issues[0]?.message).toBe('Nama role tidak boleh kosong');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Nama role tidak boleh kosong');
    expect(schema.safeParse('Panjang').error?.issues[0]?.message).toBe('Nama role maksimal 5 karakter');
  });
});

describe('changedFields', () => {
  it('keeps the listed fields whose JSON differs', () => {
    const before = { name: 'A', color_id: 1, applications: [{ apps_id: 1 }] };
    expect(changedFields(before, { ...before }, ['name', 'color_id', 'applications'])).toEqual({});
    expect(
      changedFields(before, { name: 'B', color_id: 1, applications: [{ apps_id: 2 }] }, [
        'name',
        'applications',
      ]),
    ).toEqual({ name: 'B', applications: [{ apps_id: 2 }] });
  });
});
