/**
 * The lint rule keeping a remote's features apart (feature-zones.mjs) fires: ESLint, with the
 * zones the workspace config uses and its resolver, lints a feature's import of another feature,
 * of a layer and a layer's import of a feature, as if written in remote-users.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(__dirname, '..', '..');

interface Finding {
  file: string;
  messages: string[];
}

/** Lints each `[file, code]` (not written to disk) with only the remote's zones; their messages. */
function lint(cases: Array<[string, string]>): Finding[] {
  const script = `
    import { ESLint } from 'eslint';
    import { importX } from 'eslint-plugin-import-x';
    import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
    import tseslint from 'typescript-eslint';
    import { featureZones } from './scripts/lint/feature-zones.mjs';
    const eslint = new ESLint({
      cwd: process.cwd(),
      overrideConfigFile: true,
      overrideConfig: [{
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'import-x': importX },
        settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
        rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones(process.cwd(), 'remote-users') }] },
      }],
    });
    const out = [];
    for (const [file, code] of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(code, { filePath: file });
      out.push({ file, messages: result.messages.map((m) => (m.ruleId ?? 'fatal') + ': ' + m.message) });
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const stdout = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(cases)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return JSON.parse(stdout) as Finding[];
}

test('a feature importing another feature is refused, a layer or its own file is not', () => {
  const [across, layer, own, layerToFeature] = lint([
    [
      'remote-users/src/user-list/fixture.ts',
      "export { userFormSchema } from '../user-form/user-form-model';\n",
    ],
    [
      'remote-users/src/user-list/fixture.ts',
      "export { useCompanies } from '../reference-data/get-companies';\n",
    ],
    ['remote-users/src/user-list/fixture.ts', "export { USER_FILTERS } from './user-list-params';\n"],
    [
      'remote-users/src/shared/fixture.ts',
      "export { userFormSchema } from '../user-form/user-form-model';\n",
    ],
  ]);
  expect(across?.messages).toEqual([
    expect.stringMatching(
      /^import-x\/no-restricted-paths: .*A feature does not import another \(user-list → user-form\)/,
    ),
  ]);
  expect(layer?.messages).toEqual([]);
  expect(own?.messages).toEqual([]);
  expect(layerToFeature?.messages).toEqual([
    expect.stringMatching(/A layer does not import a feature \(shared → user-form\)/),
  ]);
});
