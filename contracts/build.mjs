// Compiles TestUSD.sol with solc-js (npm `solc`, pinned in package.json) and writes
// TestUSD.bin (creation bytecode, 0x-hex) and TestUSD.abi.json beside it. Tests deploy the
// checked-in bytecode, so no compiler runs (or downloads) at test time.
//   node build.mjs          rebuild the checked-in files
//   node build.mjs --check  exit 1 if the checked-in files differ from a fresh build
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = fs.readFileSync(path.join(here, 'TestUSD.sol'), 'utf8');

const input = {
  language: 'Solidity',
  sources: { 'TestUSD.sol': { content: source } },
  settings: {
    // Paris: no PUSH0/MCOPY, so the bytecode runs on every EVM chain, old or new.
    evmVersion: 'paris',
    optimizer: { enabled: true, runs: 200 },
    // No metadata hash: the bytecode then depends on the source only, not on file paths.
    metadata: { bytecodeHash: 'none' },
    outputSelection: { '*': { TestUSD: ['abi', 'evm.bytecode.object'] } },
  },
};

const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors || []).filter((e) => e.severity === 'error');
for (const e of output.errors || []) console.error(e.formattedMessage);
if (errors.length > 0) process.exit(1);

const contract = output.contracts['TestUSD.sol'].TestUSD;
const files = {
  'TestUSD.bin': `0x${contract.evm.bytecode.object}\n`,
  'TestUSD.abi.json': `${JSON.stringify(contract.abi, null, 2)}\n`,
};

const check = process.argv.includes('--check');
let stale = false;
for (const [name, text] of Object.entries(files)) {
  const file = path.join(here, name);
  if (check) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (current !== text) {
      console.error(`${name} is stale: run node contracts/build.mjs`);
      stale = true;
    }
  } else {
    fs.writeFileSync(file, text);
  }
}
console.log(`solc ${solc.version()}: ${check ? (stale ? 'stale' : 'up to date') : 'written'}`);
process.exit(stale ? 1 : 0);
