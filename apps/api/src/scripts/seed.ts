import { parseArgs } from 'node:util';
import { systemClock } from '../runtime';
import { isDatabaseEmpty } from '../db/empty-database';
import { seedDemoData } from '../seed/demo';
import { seedBulkVehicles } from '../seed/bulk';
import { openScriptRuntime } from './script-runtime';

const { values } = parseArgs({
  options: { vehicles: { type: 'string' }, appointments: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const { config, runtime } = await openScriptRuntime('add the data');
const deps = { config, db: runtime.database.db, clock: systemClock, storage: runtime.storage };
try {
  if (values.vehicles) {
    const started = performance.now();
    const n = await seedBulkVehicles(deps, { vehicles: Number(values.vehicles), appointments: Number(values.appointments ?? 0) });
    console.log(`Inserted ${n} vehicles in ${Math.round(performance.now() - started)} ms.`);
  } else if ((await isDatabaseEmpty(deps.db)) || values.force) {
    await seedDemoData(deps);
    console.log('Demo data added.');
  } else {
    console.error('The database is not empty: demo data not added. Pass --force to add it anyway.');
    process.exitCode = 1;
  }
} finally {
  await runtime.close();
}
