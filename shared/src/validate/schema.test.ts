import { array, enumOf, number, object, record, string, union, unknown, url, type Infer } from '.';

describe('primitives', () => {
  test.each([
    ['a string in bounds', string({ min: 1, max: 3 }), 'ab', true],
    ['a string too short', string({ min: 1 }), '', false],
    ['a string too long', string({ max: 2 }), 'abc', false],
    ['a string off its pattern', string({ pattern: /^[a-z]+$/ }), 'A1', false],
    ['not a string', string(), 1, false],
    ['an integer in range', number({ int: true, min: 0, max: 10 }), 10, true],
    ['a fraction where an integer is due', number({ int: true }), 1.5, false],
    ['NaN', number(), Number.NaN, false],
    ['Infinity', number(), Infinity, false],
    ['a numeric string, coerced', number({ coerce: true }), '42', true],
    ['an http URL', url({ protocol: /^https?$/ }), 'http://localhost:4000', true],
    ['a javascript: URL', url({ protocol: /^https?$/ }), 'javascript:alert(1)', false],
    ['not a URL', url({ protocol: /^https?$/ }), 'nope', false],
    ['a listed value', enumOf(['a', 'b']), 'b', true],
    ['an unlisted value', enumOf(['a', 'b']), 'c', false],
    ['either side of a union', union(number(), string()), 'x', true],
    ['neither side of a union', union(number(), string()), true, false],
  ])('%s', (_label, schema, value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });

  test('coercion returns the number', () => {
    expect(number({ coerce: true }).parse('42')).toBe(42);
  });
});

describe('object', () => {
  const user = object({ name: string({ min: 1 }), age: number().optional(), note: string().nullish() });
  type User = Infer<typeof user>;

  test('drops unknown keys, as zod does, and keeps absent optional keys absent', () => {
    const parsed: User = user.parse({ name: 'Budi', extra: true });
    expect(parsed).toEqual({ name: 'Budi' });
    expect('age' in parsed).toBe(false);
  });

  test('keeps unknown keys when loose', () => {
    expect(object({ a: number() }, { loose: true }).parse({ a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
  });

  test('reports the path of the first issue', () => {
    const result = object({ items: array(object({ id: number() })) }).safeParse({ items: [{ id: 1 }, {}] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.name).toBe('SchemaError');
      expect(result.error.issues[0]?.path).toEqual(['items', 1, 'id']);
    }
  });

  test.each([null, [], 'x', 1])('refuses %p', (value) => {
    expect(user.safeParse(value).success).toBe(false);
    expect(() => user.parse(value)).toThrow();
  });
});

test('array and record bounds', () => {
  expect(array(unknown(), { max: 2 }).safeParse([1, 2, 3]).success).toBe(false);
  expect(record(number()).safeParse({ a: 1, b: 'x' }).success).toBe(false);
  expect(record(number()).safeParse([]).success).toBe(false);
});

test('default fills undefined only', () => {
  const name = string({ min: 1 }).default('SSO');
  expect(name.parse(undefined)).toBe('SSO');
  expect(name.parse('Panel')).toBe('Panel');
  expect(name.safeParse('').success).toBe(false);
});

test('speaks Standard Schema', () => {
  const schema = object({ id: number() });
  expect(schema['~standard'].validate({ id: 1 })).toEqual({ value: { id: 1 } });
  expect(schema['~standard'].validate({ id: 'x' })).toMatchObject({ issues: [{ path: ['id'] }] });
});
