import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;
const proxied = [
  '/u1/api',
  '/c1/api',
  '/s2/api',
  '/p1/api',
  '/c2/api',
  '/o1/api',
  '/api',
  '/uploads',
  '/healthz',
  '/sitemap.xml',
  '/robots.txt',
];

export default defineConfig({
  root: 'web',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Lazy routes load their own imports; no preload map of every chunk in the entry bundle.
    modulePreload: false,
    // The server reads it to hint a listing's or product page's own chunks in that page's HTML.
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: false }])),
  },
});
