import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JS module shared with eslint.config.js
import { layersRule } from '../../../eslint-rules/layers.js';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tseslint.parser },
        plugins: { partsdesk: { rules: { layers: layersRule } } },
        rules: { 'partsdesk/layers': 'error' },
      },
    ],
    { filename: path.join(root, file) },
  );
  return messages.map((m) => m.message);
}

describe('architecture lint rule (docs/architecture.md "Layers and dependency rules")', () => {
  it.each([
    ['src/domain/money.ts', "import { x } from '../contracts/session';", /src\/domain holds the pure shop rules/],
    ['src/domain/money.ts', "import fs from 'node:fs';", /imports nothing of ours \(only zod and decimal.js\)/],
    ['src/contracts/x.ts', "import { y } from '../api/http';", /may import only src\/domain/],
    ['src/storefront/catalog/page.tsx', "import { y } from '../../../server/app';", /never imports server/],
    ['server/services/x.ts', "import { y } from '../../src/ui/toast';", /server\/ never imports client code/],
    ['src/pos/orders/page.tsx', "import { y } from '../checkout/page';", /Screen areas never import each other/],
    [
      'src/storefront/catalog/page.tsx',
      "import { y } from '../../pos/orders/page';",
      /Screen areas never import each other/,
    ],
    ['sync/push.ts', "import { y } from '../src/ui/toast';", /sit below the UI/],
    ['server/routes/x.ts', "import { sql } from 'kysely';", /Routes never touch SQL/],
    ['server/routes/x.ts', "import { openDatabase } from '../db/database';", /Routes never touch SQL/],
    ['server/sync/routes.ts', "import { sql } from 'kysely';", /Routes never touch SQL/],
    ['server/sync/routes.ts', "import type { DB } from '../db/schema';", /Routes never touch SQL/],
    [
      'server/db/schema/index.ts',
      "import type { Actor } from '../../sync/push-service';",
      /server\/db is the bottom of the server/,
    ],
    [
      'server/db/migrate.ts',
      "import { x } from '../services/pos/pos-lookups';",
      /never imports sync, services, commands or routes/,
    ],
    [
      'server/db/migrate.ts',
      "import { x } from '../commands/runner';",
      /never imports sync, services, commands or routes/,
    ],
    ['server/db/demo/seed.ts', "import { x } from '../../routes/catalog';", /server\/db is the bottom of the server/],
    [
      'server/services/pos/x.ts',
      "import { HttpError } from '../../http/errors';",
      /Services never import server\/http or the routes/,
    ],
    ['server/services/pos/x.ts', "import { staffCartRoutes } from '../../routes/staff-cart';", /throw ServiceError/],
    [
      'server/services/pos/x.ts',
      "import type { SyncRouteDeps } from '../../sync/routes';",
      /Services never import server\/http/,
    ],
    [
      'src/pos/cart/cart-page.tsx',
      "import { y } from '../../app/pos-layout';",
      /src\/app is the shell .* closes an import cycle/,
    ],
    ['src/storefront/catalog/product-link.tsx', "const m = import('../../app/slug-page');", /src\/app is the shell/],
    ['src/features/fitment/fitment-store.ts', "import { y } from '../../app/routes';", /src\/app is the shell/],
    ['src/device/sync-provider.tsx', "import { y } from '../app/providers';", /src\/app is the shell/],
    [
      'src/device/use-run-mutation.ts',
      "import { useToast } from '../ui/toast/toast-context';",
      /src\/device is the tab's side of the sync worker .* draws nothing/,
    ],
    [
      'src/device/sync-context.ts',
      "import { y } from '../features/session/use-session';",
      /src\/device is the tab's side/,
    ],
    ['src/device/sync-context.ts', "import { y } from '../pos/cart/cart-page';", /src\/device is the tab's side/],
    [
      'src/device/sync-context.ts',
      "import { y } from '../storefront/cart/cart-page';",
      /src\/device is the tab's side/,
    ],
    [
      'src/features/shop-cart/cart-button.tsx',
      "import { y } from '../../storefront/cart/cart-popout';",
      /src\/features sits below the screens/,
    ],
    [
      'src/features/pos-order/put-aside.ts',
      "import { y } from '../../pos/cart/cart-page';",
      /src\/features sits below the screens/,
    ],
    ['src/ui/modal.tsx', "import { y } from '../features/session/mode';", /src\/ui holds shared components/],
    ['src/ui/modal.tsx', "import { y } from '../device/use-online';", /src\/ui holds shared components/],
    ['src/db/queries.ts', "import { y } from '../device/device-db';", /sit below the UI/],
    ['sync/push.ts', "import { y } from '../src/features/fitment/fitment-store';", /sit below the UI/],
    ['server/services/x.ts', "import { y } from '../../src/device/device-db';", /server\/ never imports client code/],
    ['src/device/device-db.ts', "import { y } from '../../server/app';", /never imports server/],
  ])('%s: %s is refused with the reason', (file, code, why) => {
    const messages = lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(why);
    expect(messages[0]).toContain('See docs/architecture.md "Layers and dependency rules".');
  });

  it.each([
    ['src/domain/totals.ts', "import Decimal from 'decimal.js'; import { z } from 'zod'; import { m } from './money';"],
    ['src/contracts/x.ts', "import { m } from '../domain/money';"],
    [
      'src/pos/orders/page.tsx',
      "import { t } from '../../ui/toast'; import { a } from '../../api/http'; import { b } from './row';",
    ],
    [
      'server/services/x.ts',
      "import { m } from '../../src/domain/money'; import { c } from '../../src/contracts/session';",
    ],
    ['sync/push.ts', "import { m } from '../src/domain/money'; import { d } from '../src/db/database';"],
    [
      'server/services/pos/x.ts',
      "import { sql } from 'kysely'; import type { DB } from '../../db/schema'; import { ServiceError } from '../../errors';",
    ],
    ['server/sync/push-service.ts', "import type { DB } from '../db/schema'; import { sql } from 'kysely';"],
    [
      'server/sync/routes.ts',
      "import type { PullService } from './pull-service'; import { parse } from '../http/parse';",
    ],
    ['server/db/migrate.ts', "import type { DB } from './schema'; import { iso } from './schema/columns';"],
    ['server/http/errors.ts', "import { ServiceError } from '../errors';"],
    [
      'src/app/routes.tsx',
      "import { a } from '../pos/cart/cart-page'; import { b } from '../features/login/staff-login-page'; import { c } from '../device/sync-provider';",
    ],
    [
      'src/pos/cart/cart-page.tsx',
      "import { a } from '../../features/pos-order/put-aside'; import { b } from '../../device/use-run-mutation';",
    ],
    [
      'src/storefront/catalog/product-card.tsx',
      "import { a } from '../../features/session/mode'; import { b } from '../../device/use-online';",
    ],
    [
      'src/features/pos-sale/pos-cart-adder.tsx',
      "import { a } from '../shop-cart/cart-adder'; import { b } from '../../device/device-db'; import { t } from '../../ui/toast/toast-context';",
    ],
    [
      'src/device/use-worker-state.ts',
      "import type { S } from '../../sync/api'; import { d } from '../db/database'; import { g } from '../api/get-session'; import { o } from './use-online';",
    ],
  ])('%s may import %s', (file, code) => {
    expect(lint(file, code)).toEqual([]);
  });
});
