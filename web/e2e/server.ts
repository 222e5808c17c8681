import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Starting and driving the real coffer binary for the e2e tests (its contract: docs/console.md).

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const cofferBin = (): string => path.resolve(webDir, process.env.COFFER_BIN ?? '../target/debug/coffer');
export const distDir = (): string => path.resolve(webDir, 'dist');

export function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    COFFER__DATABASE__URL: `sqlite://${dataDir}/coffer.db?mode=rwc`,
    COFFER__SERVER__BIND: '127.0.0.1:0',
    COFFER__CONSOLE__DIR: distDir(),
    COFFER__LOG__FORMAT: 'text',
    // Each run's master key lives and dies with its throwaway database.
    COFFER__SECURITY__MASTER_KEY_FILE: `${dataDir}/master.key`,
  };
}

/** Runs a coffer sub-command against the test database and returns its stdout. */
export function coffer(dataDir: string, args: string[]): string {
  return execFileSync(cofferBin(), args, { env: serverEnv(dataDir), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function assertReady(): void {
  if (!existsSync(cofferBin())) {
    throw new Error(`coffer binary not found at ${cofferBin()} (build it with cargo, or set COFFER_BIN)`);
  }
  if (!existsSync(path.join(distDir(), 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` before `npm run e2e`');
  }
}

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'coffer-e2e-'));
}

/** Starts `coffer serve` and resolves with its base URL once it prints its listening line. */
export function startServer(dataDir: string): Promise<{ child: ChildProcess; baseURL: string }> {
  const child = spawn(cofferBin(), ['serve'], { env: serverEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => fail(new Error('coffer serve did not start within 30 s')), 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new Error(`${error.message}\n--- stderr ---\n${stderr}`));
    };
    child.on('exit', (code) => fail(new Error(`coffer serve exited early with code ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^Coffer listening on (http:\/\/127\.0\.0\.1:\d+)\s*$/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, baseURL: match[1] });
      }
    });
  });
}
