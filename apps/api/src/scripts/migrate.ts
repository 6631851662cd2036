import { loadConfig } from '../config';
import { openRuntime } from '../runtime';

const runtime = await openRuntime(loadConfig());
console.log('Migrations applied.');
await runtime.close();
