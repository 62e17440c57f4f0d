/** `npm run dev`: the API server (reloading on change) on API_PORT and Vite with hot reload on PORT. */
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const port = process.env.PORT ?? '3000';
const children = [
  spawn(process.execPath, ['--watch-path=server', '--watch-path=contract', '--import', 'tsx', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
