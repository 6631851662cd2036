import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin, { arrowProblem } from './one-way-imports.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });
const src = path.resolve('/repo/apps/api/src');
const at = (file) => path.join(src, file);
const options = [{ srcDir: src }];

describe('one-way imports', () => {
  it('lets a layer import the layers below it and its own folder', () => {
    expect(arrowProblem('modules/vehicles/vehicles.service', 'infra/clock')).toBeNull();
    expect(arrowProblem('modules/vehicles/vehicles.service', 'modules/vehicles/vehicles.repository')).toBeNull();
    expect(arrowProblem('modules/vehicles/vehicles.service', 'modules/accounts')).toBeNull();
    expect(arrowProblem('modules/vehicles/vehicles.service', 'modules/accounts/index')).toBeNull();
    expect(arrowProblem('web/server-render', 'modules/vehicles')).toBeNull();
    expect(arrowProblem('app', 'modules/vehicles/vehicles.routes')).toBeNull();
    expect(arrowProblem('infra/jobs', 'infra/clock')).toBeNull();
  });

  it('refuses upward, sideways and back-door imports', () => {
    expect(arrowProblem('infra/jobs', 'db/client')).toBeNull();
    expect(arrowProblem('db/client', 'infra/jobs')).toMatch(/Imports point down: db\/ must not import infra\//);
    expect(arrowProblem('modules/index', 'modules/vehicles/vehicles.routes')).toBeNull();
    expect(arrowProblem('mail/outbox', 'modules/maintenance')).toMatch(/mail\/ must not import modules\//);
    expect(arrowProblem('http/errors', 'mail/outbox')).toMatch(/http\/ must not import mail\//);
    expect(arrowProblem('modules/admin/admin.service', 'modules/vehicles/vehicles.repository')).toMatch(/through its public entry: import '..\/vehicles'/);
    expect(arrowProblem('modules/vehicles/vehicles.routes', 'web/server-render')).toMatch(/modules\/ must not import web\//);
    expect(arrowProblem('modules/vehicles/vehicles.routes', 'app')).toMatch(/composition root/);
  });

  it('lets a domain import only the domains of a lower tier', () => {
    expect(arrowProblem('modules/estimates/estimates.service', 'modules/maintenance')).toBeNull();
    expect(arrowProblem('modules/maintenance/maintenance.service', 'modules/estimates')).toMatch(
      /'maintenance' \(tier 3\) must not import 'estimates' \(tier 4\)/,
    );
    expect(arrowProblem('modules/estimates/estimates.service', 'modules/reservations')).toMatch(/must not import 'reservations'/);
    expect(arrowProblem('modules/parking/parking.service', 'modules/audit')).toMatch(/'parking' has no tier/);
  });

  tester.run('one-way-imports', plugin.rules['one-way-imports'], {
    valid: [
      { filename: at('modules/vehicles/vehicles.service.ts'), code: "import { x } from '../../infra/clock';", options },
      { filename: at('modules/vehicles/vehicles.service.ts'), code: "import type { A } from '../accounts';", options },
      { filename: at('modules/vehicles/vehicles.test.ts'), code: "import { x } from '../accounts/internal';", options },
      { filename: at('test/harness.ts'), code: "import { x } from '../app';", options },
      { filename: at('modules/index.ts'), code: "import { r } from './vehicles/vehicles.routes';", options },
      { filename: at('infra/jobs.ts'), code: "import { z } from 'zod';", options },
    ],
    invalid: [
      { filename: at('db/client.ts'), code: "import { migrateJobs } from '../infra/jobs';", options, errors: 1 },
      { filename: at('modules/mail-ish/x.ts'), code: "export { y } from '../maintenance/maintenance.repository';", options, errors: 1 },
      { filename: at('modules/admin/admin.service.ts'), code: "import type { R } from '../vehicles/vehicles.repository';", options, errors: 1 },
      { filename: at('infra/storage.ts'), code: "const m = import('../http/errors');", options, errors: 1 },
      { filename: at('modules/audit/audit.service.ts'), code: "import type { AuthUser } from '../auth';", options, errors: 1 },
    ],
  });
});
