import type { AddressRule } from '@/api/chains';

// The server's answer to chain/addressRules for the devchain, an EVM and a TRON chain
// (docs/api.md; the Rust integration test address_rules checks the server gives exactly these).
const HEX = '^0x[0-9a-fA-F]{40}$';
const BASE58 = '^T[1-9A-HJ-NP-Za-km-z]{33}$';
const HEX_EXAMPLE = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

export const SERVER_ADDRESS_RULES: AddressRule[] = [
  { chainId: 1337, family: 'dev', pattern: HEX, example: HEX_EXAMPLE, caseSensitive: false },
  { chainId: 31337, family: 'evm', pattern: HEX, example: HEX_EXAMPLE, caseSensitive: false },
  { chainId: 728126428, family: 'tron', pattern: BASE58, example: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', caseSensitive: true },
];
