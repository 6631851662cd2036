// `npm run dev`: the API with reload on :3000 and Vite with HMR on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@dealer/api'], {
    stdio: 'inherit',
    env: { LOG_FORMAT: process.stdout.isTTY ? 'pretty' : 'json', ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@dealer/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
