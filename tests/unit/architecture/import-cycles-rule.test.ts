import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JS module shared with eslint.config.js
import { cyclicGroups, describeCycles, importGraph, importsOf } from '../../../eslint-rules/import-cycles.js';

type Graph = Map<string, string[]>;
const graphOf = (edges: Record<string, string[]>): Graph => new Map(Object.entries(edges));

describe('import cycle rule (docs/architecture.md "Layers and dependency rules")', () => {
  it('finds no cycle in a layered graph', () => {
    const g = graphOf({
      'src/app/routes.tsx': ['src/pos/cart/page.tsx'],
      'src/pos/cart/page.tsx': ['src/device/db.ts'],
      'src/device/db.ts': [],
    });
    expect(cyclicGroups(g)).toEqual([]);
    expect(describeCycles(g)).toEqual([]);
  });

  it('reports the shell -> screen -> shell cycle with every module on it', () => {
    const g = graphOf({
      'src/app/slug-page.tsx': ['src/storefront/catalog/listing-page.tsx'],
      'src/storefront/catalog/listing-page.tsx': ['src/storefront/catalog/product-link.tsx'],
      'src/storefront/catalog/product-link.tsx': ['src/app/slug-page.tsx', 'src/ui/button.tsx'],
      'src/ui/button.tsx': [],
    });
    expect(cyclicGroups(g)).toEqual([
      ['src/app/slug-page.tsx', 'src/storefront/catalog/listing-page.tsx', 'src/storefront/catalog/product-link.tsx'],
    ]);
    const link = describeCycles(g).find((c: { from: string }) => c.from === 'src/storefront/catalog/product-link.tsx');
    expect(link.cycle).toEqual([
      'src/storefront/catalog/product-link.tsx',
      'src/app/slug-page.tsx',
      'src/storefront/catalog/listing-page.tsx',
      'src/storefront/catalog/product-link.tsx',
    ]);
  });

  it('counts a module that imports itself, and two separate cycles as two groups', () => {
    const g = graphOf({ a: ['a'], b: ['c'], c: ['b'], d: ['b'] });
    expect(cyclicGroups(g)).toEqual([['a'], ['b', 'c']]);
  });

  it('reads static, re-exported and dynamic imports; type-only ones are marked', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      "export type { D } from './d';",
      "const e = () => import('./e');",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf('x.ts', code)).toEqual([
      { spec: './a', typeOnly: false },
      { spec: './b', typeOnly: true },
      { spec: './c', typeOnly: false },
      { spec: './d', typeOnly: true },
      { spec: './e', typeOnly: false },
    ]);
  });

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('builds the graph from files, resolving extensions; type-only imports count unless the runtime graph is asked for', () => {
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
      fs.writeFileSync(path.join(tmp, rel), text);
    };
    write('src/a.ts', "import { b } from './b'; export const a = 1;");
    write('src/b.tsx', "import type { A } from './a'; import s from './b.module.css'; export const b = 2;");
    write('server/c.ts', "import { a } from '../src/a'; import { d } from './d/index';");
    write('server/d/index.ts', "import { c } from '../c';");
    const runtime: Graph = importGraph(tmp, ['src', 'server'], { withTypes: false });
    expect(runtime.get('src/a.ts')).toEqual(['src/b.tsx']);
    expect(runtime.get('src/b.tsx')).toEqual([]);
    expect(cyclicGroups(runtime)).toEqual([['server/c.ts', 'server/d/index.ts']]);
    // What lint checks: a cycle closed by `import type` is a cycle too.
    const all: Graph = importGraph(tmp, ['src', 'server']);
    expect(all.get('src/b.tsx')).toEqual(['src/a.ts']);
    expect(cyclicGroups(all)).toEqual([
      ['server/c.ts', 'server/d/index.ts'],
      ['src/a.ts', 'src/b.tsx'],
    ]);
    expect(describeCycles(all).find((c: { from: string }) => c.from === 'src/b.tsx').cycle).toEqual([
      'src/b.tsx',
      'src/a.ts',
      'src/b.tsx',
    ]);
  });

  it('the repository has no import cycle, type-only imports included', () => {
    const cycles = describeCycles(importGraph()).map((c: { cycle: string[] }) => c.cycle.join(' -> '));
    expect(cycles).toEqual([]);
  });
});
