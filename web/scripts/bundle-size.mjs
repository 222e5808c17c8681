#!/usr/bin/env node
// Gzip size of the console's JavaScript, read from Vite's build manifest (web/dist/.vite/manifest.json):
// what the login page downloads and the largest chunk a route loads on demand. Used by `make bench`
// (scripts/bench.sh prints the table) and by src/bundleBudget.test.ts (fails over the budget).
// Sizes are deterministic for a given build: gzip level 9 of each file, in bytes; 1 kB = 1000 bytes
// as Vite reports them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The login page's budget: entry, its static imports, the login route's chunk and its imports. */
export const LOGIN_BUDGET_BYTES = 250_000;

export const DEFAULT_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const LOGIN_ROUTE = 'src/pages/login/LoginPage.tsx';
const LOGIN_CHUNK_NAME = 'LoginPage';

export class MissingBuildError extends Error {}

/** Reads web/dist's manifest; a missing build is an error that says how to make one. */
export function readManifest(dist = DEFAULT_DIST) {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) {
    throw new MissingBuildError(`${path} is missing: run \`npm run build\` in web/ first (it writes web/dist with the manifest)`);
  }
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Manifest keys of `roots` and every chunk they import statically (dynamic imports load later). */
export function staticClosure(manifest, roots) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    (chunk.imports ?? []).forEach(visit);
  };
  roots.forEach(visit);
  return [...seen];
}

/**
 * The login route's lazy chunk. Rollup keys it by its source unless the chunk also holds modules
 * the login page's own lazy panels share; then the key is the chunk's file, and its name is the page's.
 */
export function loginRouteKey(manifest) {
  if (manifest[LOGIN_ROUTE]?.isDynamicEntry) return LOGIN_ROUTE;
  const named = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !manifest[key].src && manifest[key].name === LOGIN_CHUNK_NAME);
  if (named.length !== 1) {
    throw new Error(`the build has no lazily loaded chunk for ${LOGIN_ROUTE}: the login route must be split off`);
  }
  return named[0];
}

const gzipSizes = new Map();
function gzipSize(dist, file) {
  const path = join(dist, file);
  if (!gzipSizes.has(path)) gzipSizes.set(path, gzipSync(readFileSync(path), { level: 9 }).length);
  return gzipSizes.get(path);
}

function jsFiles(manifest, keys) {
  return [...new Set(keys.map((key) => manifest[key].file).filter((file) => file.endsWith('.js')))];
}

/** Screens split off by the router (src/router/AppRoutes.tsx) and their lazy parts, by source folder. */
const SCREEN_FOLDERS = ['src/pages/', 'src/layout/'];

/** The figures `make bench` prints and the budget test checks. */
export function measure(dist = DEFAULT_DIST) {
  const manifest = readManifest(dist);
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loginRoute = loginRouteKey(manifest);
  const entryFiles = jsFiles(manifest, staticClosure(manifest, entries));
  const loginFiles = jsFiles(manifest, staticClosure(manifest, [...entries, loginRoute]));
  const sum = (files) => files.reduce((total, file) => total + gzipSize(dist, file), 0);
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry)
    .filter((key) => key === loginRoute || SCREEN_FOLDERS.some((folder) => (manifest[key].src ?? '').startsWith(folder)))
    .map((key) => {
      const file = manifest[key].file;
      // What opening the screen downloads beyond the entry: its chunk and the shared ones it imports.
      const onDemand = jsFiles(manifest, staticClosure(manifest, [key])).filter((f) => !entryFiles.includes(f));
      return { src: manifest[key].src ?? key, file, bytes: gzipSize(dist, file), onDemandBytes: sum(onDemand) };
    })
    .sort((a, b) => b.bytes - a.bytes);
  return {
    login: { files: loginFiles, bytes: sum(loginFiles) },
    largestRoute: routes[0] ?? null,
    routeChunks: routes.length,
  };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** A plain-text table for the terminal. */
export function table(result) {
  const rows = [
    ['login page JavaScript (gzip)', kB(result.login.bytes), `${result.login.files.length} files, budget ${kB(LOGIN_BUDGET_BYTES)}`],
    [
      'largest route chunk (gzip)',
      result.largestRoute ? kB(result.largestRoute.bytes) : '-',
      result.largestRoute
        ? `${result.largestRoute.src}; ${kB(result.largestRoute.onDemandBytes)} with its imports beyond the entry; ${result.routeChunks} route chunks`
        : 'no lazily loaded screens',
    ],
  ];
  const header = ['console bundle', 'size', 'detail'];
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const result = measure(process.argv[2] ? resolve(process.argv[2]) : DEFAULT_DIST);
    console.log(table(result));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
