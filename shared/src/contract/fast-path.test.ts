import { userBranchSchema, userCompanySchema, userSchema } from './entities';
import {
  userBranchCheck,
  userCheck,
  userCompanyCheck,
  userListMetaCheck,
  userListResponseCheck,
  userListResponseParser,
} from './fast-path';
import { userListResponseSchema } from './responses';

/** An answer as the api sends it (JSON, so parsed from text). */
function answer(): unknown {
  return JSON.parse(
    JSON.stringify({
      message: 'Daftar user',
      data: [
        {
          id: 1,
          nama: 'Administrator',
          nik: '100001',
          phone: '081234567890',
          email: 'admin@sso.local',
          role_id: 1,
          role_name: 'Super Admin',
          color_hex_code: '#3949AB',
          perusahaan: [
            {
              perusahaan_id: 2,
              perusahaan_name: 'PT. Sinar Niaga',
              perusahaan_logo_url: 'http://localhost:4000/static/logos/company-2.svg',
              cabang: [{ cabang_id: 5, cabang_name: 'Cabang Bandung', cabang_kode: 'BDG1' }],
            },
            {
              perusahaan_id: 3,
              perusahaan_name: 'PT. Maju',
              perusahaan_logo_url: 'https://cdn.example.co.id/logo.png?v=2',
              cabang: [],
            },
          ],
        },
        {
          id: 2,
          nama: '',
          nik: 'A-7',
          phone: '',
          email: '',
          role_id: 3,
          role_name: 'Viewer',
          color_hex_code: '#00ff00',
          perusahaan: [],
        },
      ],
      meta: { total: 2 },
    }),
  );
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** Every path to a value inside `value` (the root excluded). */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...at, i], ...pathsOf(v, [...at, i])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...pathsOf(v, [...at, k])]);
  return [];
}

function nodeAt(root: unknown, path: Path): Record<string | number, unknown> {
  let node = root;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  return node as Record<string | number, unknown>;
}

const parentOf = (root: unknown, path: Path) => nodeAt(root, path.slice(0, -1));

/** `root` with the value at `path` replaced (or removed, for `remove`). */
function mutated(path: Path, replacement: unknown, remove = false): unknown {
  const root = answer();
  const parent = parentOf(root, path);
  const key = path[path.length - 1] ?? '';
  if (remove && !Array.isArray(parent)) Reflect.deleteProperty(parent, key);
  else parent[key] = replacement;
  return root;
}

// Values that break (or nearly break) some field: types, integers, URLs, colours, containers.
const replacements: unknown[] = [
  null,
  true,
  0,
  -1,
  -0,
  7,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'x',
  '7',
  'https://a.test/x.svg',
  ' http://a.test/x.svg',
  'http://a.test/x.svg ',
  'http://a.test/\tx.svg',
  'http://a.test/x y.svg',
  'HTTP://A.TEST/x.svg',
  'http:a.test/x.svg',
  'http://',
  'http://[::1',
  'http://bücher.test/logo.svg',
  'javascript:alert(1)',
  'data:image/svg+xml,<svg/>',
  'ftp://a.test/x.svg',
  '#aabbcc',
  '#AABBCC',
  '#abc',
  '#aabbccdd',
  ' #aabbcc',
  'red',
  {},
  [],
  [{}],
  JSON.parse('{"__proto__": {"polluted": true}}') as Json,
];

function variants(): { name: string; input: unknown }[] {
  const list: { name: string; input: unknown }[] = [{ name: 'as sent', input: answer() }];
  for (const path of pathsOf(answer())) {
    const name = path.join('.');
    list.push({ name: `${name} removed`, input: mutated(path, undefined, true) });
    for (const value of replacements) {
      list.push({ name: `${name} = ${JSON.stringify(value)}`, input: mutated(path, value) });
    }
  }
  // An unknown key on every object (zod strips it), the prototype's own name included.
  for (const path of [[], ...pathsOf(answer())]) {
    const target: unknown = nodeAt(answer(), path);
    if (typeof target !== 'object' || target === null || Array.isArray(target)) continue;
    list.push({ name: `${path.join('.')} + extra`, input: mutated([...path, 'extra'], 1) });
    const polluted = answer();
    Object.defineProperty(nodeAt(polluted, path), '__proto__', { value: 1, enumerable: true });
    list.push({ name: `${path.join('.')} + own __proto__`, input: polluted });
  }
  list.push({ name: 'not an object', input: 'Daftar user' }, { name: 'null', input: null });
  return list;
}

describe('userListResponseParser (the users list with a fast path)', () => {
  it('takes an answer as the api sends it as it is, as the schema would return it', () => {
    const input = answer();
    const result = userListResponseParser.safeParse(input);
    expect(result.success).toBe(true);
    // The fast path: the very object, no copy (the schema would have built a new one).
    expect(result.data).toBe(input);
    expect(result.data).toEqual(userListResponseSchema.parse(answer()));
  });

  it('only ever accepts what the schema accepts, unchanged; everything else gets the schema verdict', () => {
    let fast = 0;
    for (const { name, input } of variants()) {
      const expected = userListResponseSchema.safeParse(input);
      const actual = userListResponseParser.safeParse(input);
      if (userListResponseCheck(input, { urls: new Map() })) {
        fast += 1;
        // Accepted by the fast path: the schema accepts it and returns an equal value.
        expect({ name, success: expected.success }).toEqual({ name, success: true });
        expect({ name, data: expected.data }).toEqual({ name, data: input });
      }
      expect({ name, success: actual.success, data: actual.data }).toEqual({
        name,
        success: expected.success,
        data: expected.data,
      });
      if (!expected.success && !actual.success) {
        expect({ name, issues: actual.error.issues }).toEqual({ name, issues: expected.error.issues });
      }
    }
    // Valid variants (another id, an https logo, an upper-case colour...) stay on the fast path.
    expect(fast).toBeGreaterThan(50);
  });

  it('refuses logo URLs other than http(s) and colours other than #rrggbb, as the schema does', () => {
    const badLogo = mutated(['data', 0, 'perusahaan', 0, 'perusahaan_logo_url'], 'javascript:alert(1)');
    expect(userListResponseParser.safeParse(badLogo).success).toBe(false);
    const badColour = mutated(['data', 1, 'color_hex_code'], 'red; background: url(x)');
    expect(userListResponseParser.safeParse(badColour).success).toBe(false);
  });

  it('knows exactly the fields of the contract (a new field must be added to the fast path too)', () => {
    const sorted = (keys: readonly string[]) => [...keys].sort();
    expect(sorted(userCheck.keys)).toEqual(sorted(Object.keys(userSchema.shape)));
    expect(sorted(userCompanyCheck.keys)).toEqual(sorted(Object.keys(userCompanySchema.shape)));
    expect(sorted(userBranchCheck.keys)).toEqual(sorted(Object.keys(userBranchSchema.shape)));
    expect(sorted(userListResponseCheck.keys)).toEqual(sorted(Object.keys(userListResponseSchema.shape)));
    expect(sorted(userListMetaCheck.keys)).toEqual(
      sorted(Object.keys(userListResponseSchema.shape.meta.shape)),
    );
  });
});
