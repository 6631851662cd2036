import { openScriptRuntime } from './script-runtime';

const { runtime } = await openScriptRuntime('run the migrations');
console.log('Migrations applied.');
await runtime.close();
