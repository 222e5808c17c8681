import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_BUDGET_BYTES, loginRouteKey, measure, readManifest, staticClosure, type Manifest } from '../scripts/bundle-size.mjs';

// The login page's JavaScript budget (issue 13, docs/console.md "Bundle budget"): gzip bytes, 1 kB = 1000 B.
const BUDGET_BYTES = 250_000;

// Reads the build in web/dist: `make test` builds it first; alone, run `npm run build` before `npm test`.
describe('the built console (web/dist)', () => {
  it('loads at most 250 kB of gzip JavaScript for the login page', () => {
    const { login } = measure();
    expect(LOGIN_BUDGET_BYTES).toBe(BUDGET_BYTES); // the figure `make bench` prints is the one checked here
    expect(login.bytes, `login page: ${login.bytes} B gzip in ${login.files.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps every other screen out of the login page: each is its own chunk, loaded on demand', () => {
    const manifest = readManifest();
    const { login } = measure();
    const screens = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry && /^src\/(pages|layout)\//.test(chunk.src ?? ''));
    const names = screens.map((chunk) => chunk.name);
    for (const screen of ['BasicLayout', 'HomePage', 'DepositPages', 'WithdrawalPages', 'PersonalPage', 'ApiDetailPage']) {
      expect(names).toContain(screen);
    }
    const downloadedByLogin = screens.filter((chunk) => login.files.includes(chunk.file)).map((chunk) => chunk.src);
    expect(downloadedByLogin).toEqual([]);
  });
});

describe('bundle-size measuring', () => {
  let dist: string | null = null;
  afterEach(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
    dist = null;
  });

  /** A fake build: each chunk's file holds `size` incompressible-enough bytes. */
  function fakeBuild(manifest: Manifest): string {
    dist = mkdtempSync(join(tmpdir(), 'coffer-dist-'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    let seed = 1;
    for (const chunk of Object.values(manifest)) {
      // Pseudo-random text, so gzip cannot shrink one file to nothing and the sizes differ per file.
      const text = Array.from({ length: 4000 }, () => ((seed = (seed * 48271) % 2147483647) % 36).toString(36)).join('');
      writeFileSync(join(dist, chunk.file), text);
    }
    return dist;
  }

  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/pages/login/LoginPage.tsx', 'src/pages/HomePage.tsx'] },
    '_react.js': { file: 'assets/react.js' },
    '_form.js': { file: 'assets/form.js' },
    '_table.js': { file: 'assets/table.js' },
    'src/pages/login/LoginPage.tsx': { file: 'assets/LoginPage.js', name: 'LoginPage', src: 'src/pages/login/LoginPage.tsx', isDynamicEntry: true, imports: ['index.html', '_form.js'], dynamicImports: ['src/pages/login/Dialog.tsx'] },
    'src/pages/login/Dialog.tsx': { file: 'assets/Dialog.js', src: 'src/pages/login/Dialog.tsx', isDynamicEntry: true, imports: ['_table.js'] },
    'src/pages/HomePage.tsx': { file: 'assets/HomePage.js', name: 'HomePage', src: 'src/pages/HomePage.tsx', isDynamicEntry: true, imports: ['index.html', '_table.js'] },
    'index.css': { file: 'assets/index.css' },
  };

  it('counts the entry, its static imports and the login route with its own, never what loads later', () => {
    expect(staticClosure(manifest, ['index.html', 'src/pages/login/LoginPage.tsx']).sort()).toEqual(
      ['_form.js', '_react.js', 'index.html', 'src/pages/login/LoginPage.tsx'].sort(),
    );
    const result = measure(fakeBuild(manifest));
    expect(result.login.files.sort()).toEqual(['assets/LoginPage.js', 'assets/form.js', 'assets/index.js', 'assets/react.js']);
    expect(result.login.bytes).toBeGreaterThan(4 * 1000); // four files of at least 1 kB gzip each
    expect(result.routeChunks).toBe(3);
  });

  it('finds the login route when Rollup keyed its chunk by file, and refuses a build without one', () => {
    const merged: Manifest = { ...manifest, '_LoginPage-x.js': { ...manifest['src/pages/login/LoginPage.tsx'], src: undefined } };
    delete merged['src/pages/login/LoginPage.tsx'];
    expect(loginRouteKey(merged)).toBe('_LoginPage-x.js');
    const eager: Manifest = { ...manifest, 'src/pages/login/LoginPage.tsx': { file: 'assets/LoginPage.js' } };
    expect(() => loginRouteKey(eager)).toThrow('the login route must be split off');
  });

  it('says to run the build when web/dist has none', () => {
    const empty = mkdtempSync(join(tmpdir(), 'coffer-dist-'));
    dist = empty;
    expect(() => measure(empty)).toThrow('run `npm run build`');
  });
});
