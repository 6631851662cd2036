import { parseArgs } from 'node:util';
import { AdminConflictError, upsertAdmin } from '../modules/accounts';
import { openScriptRuntime } from './script-runtime';

const { values } = parseArgs({
  options: { email: { type: 'string' }, username: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
if (!values.email || !values.username || !values.password || values.password.length < 8) {
  console.error('Usage: npm run create-admin -- --email admin@example.com --username admin --password "at least 8 characters" [--name "Full Name"]');
  process.exit(1);
}
const { runtime } = await openScriptRuntime('create the admin');
try {
  const outcome = await upsertAdmin({ db: runtime.database.db }, { email: values.email, username: values.username, password: values.password, name: values.name });
  console.log(`Admin ${values.email} ${outcome}.`);
} catch (error) {
  if (!(error instanceof AdminConflictError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
