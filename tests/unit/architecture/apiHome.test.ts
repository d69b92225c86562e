/**
 * ARCHITECTURE rule 8: views get their data through a module of src/api, never the raw client. The lint rule
 * that keeps it so must fire on pages, components, layouts and the app shell, and let the resource modules be.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const restricted = async (filePath: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === '@typescript-eslint/no-restricted-imports').length;
};

describe('the raw API client stays inside src/api', () => {
  it.each([
    ['src/pages/trainings/training/Some.tsx', "import { api } from '../../../api/client';\nexport const x = api;\n"],
    ['src/components/catalogue/Some.tsx', "import { $api } from '../../api/queries';\nexport const x = $api;\n"],
    ['src/layouts/shell/Some.tsx', "import { api } from '../../api/client';\nexport const x = api;\n"],
    ['src/app/Some.tsx', "import { api } from '../api/client';\nexport const x = api;\n"],
  ])('%s may not import it', async (file, code) => {
    expect(await restricted(file, code)).toBe(1);
  });

  it('a resource module may, and a view may import a resource module', async () => {
    expect(await restricted('src/api/someApi.ts', "import { api } from './client';\nexport const x = api;\n")).toBe(0);
    expect(await restricted('src/pages/Some.tsx', "import { trainingQuery } from '../api/trainingsApi';\nexport const x = trainingQuery;\n")).toBe(0);
  });

  it('shared/ imports neither the app, the server nor the machines', async () => {
    expect(await restricted('shared/some.ts', "import type { Failure } from '../src/api/failure';\nexport type X = Failure;\n")).toBe(1);
    expect(await restricted('shared/some.ts', "import { x } from '../machines/auth/auth.types';\nexport const y = x;\n")).toBe(1);
    expect(await restricted('shared/some.ts', "import { useState } from 'react';\nexport const y = useState;\n")).toBe(1);
  });

  it('shared/ may read the contract’s generated types, and only as types', async () => {
    expect(await restricted('shared/some.ts', "import type { components } from '../src/api/schema.gen';\nexport type X = components;\n")).toBe(0);
    expect(await restricted('shared/some.ts', "import { components } from '../src/api/schema.gen';\nexport const x = components;\n")).toBe(1);
  });
});
