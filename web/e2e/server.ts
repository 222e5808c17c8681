import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
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

/**
 * Chains besides the embedded devchain (1337): an EVM chain and TRON, whose nodes are never
 * reached (nothing listens on port 9), so their balances show 'Balance unavailable'. Addresses,
 * tokens and requests on them work without a node.
 */
export const E2E_CHAINS = { devchain: 1337, evm: 31337, tron: 728126428 } as const;
export const E2E_TOKENS = { devUsdt: 1, evmUsdt: 101, tronUsdt: 201 } as const;

/** Devchain blocks every 500 ms, so a deposit is complete a few seconds after it is sent. */
export const E2E_CONFIRMATIONS = 3;

/** Callbacks: retried after 1 s, failed after 2 attempts (then only a re-push delivers). */
export const E2E_CALLBACK_RETRY_SECS = 1;
export const E2E_CALLBACK_MAX_ATTEMPTS = 2;

const CHAINS_TOML = `# Written by web/e2e/server.ts for one e2e run.
[devchain]
block_interval_ms = 500
confirmations = ${E2E_CONFIRMATIONS}

[workers]
scan_interval_ms = 250
callback_poll_ms = 250
# collect.spec.ts: a deposit is planned for collection within 250 ms of completing.
collect_plan_ms = 250

# withdrawals.spec.ts: the executor screens, signs and follows withdrawals every 250 ms.
[withdrawals]
poll_ms = 250

# collect.spec.ts: the sweep executor moves collections on every 250 ms, and one that cannot move
# (no fee wallet yet) is quoted again after 1 s.
[collection]
sweep_ms = 250
retry_secs = 1

# callback-delivery.spec.ts points the callback address at a receiver on 127.0.0.1; a failed
# attempt is retried after 1 s and the event fails after 2, so a re-push is what delivers it.
[callbacks]
allow_private_targets = true
retry_interval_secs = ${E2E_CALLBACK_RETRY_SECS}
max_attempts = ${E2E_CALLBACK_MAX_ATTEMPTS}

[[chains]]
id = ${E2E_CHAINS.evm}
family = "evm"
name = "Anvil"
symbol = "ETH"
decimals = 18
txurl = "https://etherscan.io/tx/"
rpc_url = "http://127.0.0.1:9"
evm_chain_id = 31337
[[chains.tokens]]
id = ${E2E_TOKENS.evmUsdt}
symbol = "USDT"
contract = "0x5FbDB2315678afecb367f032d93F642f64180aa3"
decimals = 6
price = "1"

[[chains]]
id = ${E2E_CHAINS.tron}
family = "tron"
name = "TRON"
symbol = "TRX"
decimals = 6
txurl = "https://tronscan.org/#/transaction/"
rpc_url = "http://127.0.0.1:9"
[[chains.tokens]]
id = ${E2E_TOKENS.tronUsdt}
symbol = "USDT"
contract = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
decimals = 6
price = "1"
`;

/** The run's configuration file (the chains above); every coffer command gets `--config` it. */
export const configFile = (dataDir: string): string => path.join(dataDir, 'coffer.toml');

export function writeConfig(dataDir: string): void {
  writeFileSync(configFile(dataDir), CHAINS_TOML);
}

/** Runs a coffer sub-command against the test database and returns its stdout. */
export function coffer(dataDir: string, args: string[]): string {
  return execFileSync(cofferBin(), ['--config', configFile(dataDir), ...args], {
    env: serverEnv(dataDir),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function assertReady(): void {
  if (!existsSync(cofferBin())) {
    throw new Error(`coffer binary not found at ${cofferBin()} (build it with cargo, or set COFFER_BIN)`);
  }
  if (!existsSync(path.join(distDir(), 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` before `npm run e2e`');
  }
}

/** A fresh folder for the run's database, master key and configuration file. */
export function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'coffer-e2e-'));
  writeConfig(dataDir);
  return dataDir;
}

/** Starts `coffer serve` and resolves with its base URL once it prints its listening line. */
export function startServer(dataDir: string): Promise<{ child: ChildProcess; baseURL: string }> {
  const child = spawn(cofferBin(), ['--config', configFile(dataDir), 'serve'], { env: serverEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
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
