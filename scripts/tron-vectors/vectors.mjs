// Reference TRON transactions built and signed by tronweb, fully offline, printed as JSON on
// stdout. crates/chain/tests/tron.rs compares the Rust encoder and signer against them byte for
// byte (and the checked-in copy crates/chain/tests/tron_vectors.json against this output when
// COFFER_TRONWEB=1).
//
//   cd scripts/tron-vectors && npm ci && node vectors.mjs > ../../crates/chain/tests/tron_vectors.json
//
// Offline on purpose: fullHost is a closed loopback port and every request tronweb would make is
// replaced by a stub that throws, except `wallet/getblock`, which answers a fixed block so that
// tronweb's own getCurrentRefBlockParams() (TAPOS fields) becomes part of the reference.
import { TronWeb } from 'tronweb';

// The mnemonic of anvil's / hardhat's development accounts (also in crates/chain/src/keys.rs).
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

const tronWeb = new TronWeb({ fullHost: 'http://127.0.0.1:9' });
let stubBlock = null;
tronWeb.fullNode.request = async (url) => {
  if (url === 'wallet/getblock' && stubBlock) {
    return stubBlock;
  }
  throw new Error(`vectors must be built offline, but tronweb asked the node for ${url}`);
};

// Keys: m/44'/195'/purpose'/0/index of the dev mnemonic, as the adapter derives them
// (purpose 0 = deposit addresses, 1 = hot wallets).
const keys = [];
for (const purpose of [0, 1]) {
  for (const index of [0, 1, 7]) {
    const path = `m/44'/195'/${purpose}'/0/${index}`;
    const account = TronWeb.fromMnemonic(DEV_MNEMONIC, path);
    keys.push({
      path,
      purpose,
      index,
      address: account.address,
      private_key: account.privateKey.replace(/^0x/, ''),
    });
  }
}

// A key outside the mnemonic: the smallest valid secp256k1 scalar.
const KEY_ONE = '0000000000000000000000000000000000000000000000000000000000000001';
const keyOf = (hex) => ({ private_key: hex, address: TronWeb.address.fromPrivateKey(hex) });
const signers = [
  { private_key: keys[0].private_key, address: keys[0].address },
  { private_key: keys[3].private_key, address: keys[3].address },
  keyOf(KEY_ONE),
];

// Recipients and contracts given as 20-byte ids, including one with leading zero bytes.
const addr = (idHex) => TronWeb.address.fromHex('41' + idHex);
const RECIPIENTS = [
  keys[1].address,
  addr('00000000000000000000000000000000000000ff'),
  addr('ffffffffffffffffffffffffffffffffffffffff'),
];
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'; // mainnet USDT
const TOKEN_B = addr('0102030405060708090a0b0c0d0e0f1011121314');

// Blocks as the node reports them: the first 8 bytes of blockID are the height.
const blockId = (number, tail) => {
  const id = number.toString(16).padStart(16, '0') + tail;
  if (!/^[0-9a-f]{64}$/.test(id)) throw new Error(`bad block id ${id}`);
  return id;
};
const BLOCKS = [
  { number: 66_460_832, timestamp: 1_730_000_001_000, tail: 'e1c3a7b5c9d2f40617283940a5b6c7d8e9f0011223344556' },
  { number: 1, timestamp: 1_529_891_469_000, tail: '00112233445566778899aabbccddeeff0011223344556677' },
  { number: 0xffff + 0x1234, timestamp: 1_600_000_000_000, tail: 'ffeeddccbbaa99887766554433221100ffeeddccbbaa9988' },
];

const refBlocks = [];
for (const b of BLOCKS) {
  const id = blockId(b.number, b.tail);
  stubBlock = { blockID: id, block_header: { raw_data: { number: b.number, timestamp: b.timestamp } } };
  const params = await tronWeb.trx.getCurrentRefBlockParams();
  stubBlock = null;
  refBlocks.push({ number: b.number, block_id: id, timestamp: b.timestamp, ...params });
}

const transactions = [];
async function push(name, kind, signer, header, build) {
  const unsigned = await build(header);
  const signed = await tronWeb.trx.sign(unsigned, signer.private_key);
  return { name, kind, private_key: signer.private_key, from: signer.address, header, signed };
}

const header = (ref, timestamp, expiration) => ({
  ref_block_bytes: ref.ref_block_bytes,
  ref_block_hash: ref.ref_block_hash,
  expiration: expiration ?? ref.expiration,
  timestamp: timestamp ?? ref.timestamp,
});

const trx = [
  ['trx 1 sun, tronweb header', signers[0], RECIPIENTS[0], 1, header(refBlocks[0])],
  ['trx 1 TRX, later timestamp', signers[0], RECIPIENTS[1], 1_000_000, header(refBlocks[0], 1_730_000_003_457)],
  ['trx 2^53-1 sun', signers[1], RECIPIENTS[2], Number.MAX_SAFE_INTEGER, header(refBlocks[1])],
  ['trx key one, small times', signers[2], RECIPIENTS[0], 123_456_789, header(refBlocks[2], 1, 61_000)],
  ['trx zero timestamp', signers[1], RECIPIENTS[1], 42, header(refBlocks[2], 0, 1_600_000_060_000)],
];
for (const [name, signer, to, amount, h] of trx) {
  const v = await push(name, 'trx', signer, h, (blockHeader) =>
    tronWeb.transactionBuilder.sendTrx(to, amount, signer.address, { blockHeader }),
  );
  transactions.push({ ...v, to, amount: String(amount) });
}

const MAX_U256 = (2n ** 256n - 1n).toString();
const trc20 = [
  ['trc20 1 unit, default fee limit', signers[0], RECIPIENTS[0], USDT, '1', 30_000_000, header(refBlocks[0])],
  ['trc20 100 USDT', signers[1], RECIPIENTS[1], USDT, '100000000', 100_000_000, header(refBlocks[0], 1_730_000_002_999)],
  ['trc20 max uint256', signers[0], RECIPIENTS[2], TOKEN_B, MAX_U256, 15_000_000_000, header(refBlocks[1])],
  ['trc20 zero amount, fee limit 1', signers[2], RECIPIENTS[0], TOKEN_B, '0', 1, header(refBlocks[2], 7, 8)],
];
for (const [name, signer, to, contract, amount, feeLimit, h] of trc20) {
  const v = await push(name, 'trc20', signer, h, async (blockHeader) => {
    const { transaction } = await tronWeb.transactionBuilder.triggerSmartContract(
      contract,
      'transfer(address,uint256)',
      { txLocal: true, feeLimit, blockHeader },
      [
        { type: 'address', value: to },
        { type: 'uint256', value: amount },
      ],
      signer.address,
    );
    return transaction;
  });
  transactions.push({ ...v, to, contract, amount, fee_limit: feeLimit });
}

// Stake 2.0 (the energy issue): freeze and unfreeze v2, withdraw what finished unfreezing,
// delegate (with and without a lock) and undelegate, as tronweb builds them locally.
const stake = [
  ['freeze energy 1000 TRX', 'freeze', signers[0], { amount: 1_000_000_000, resource: 'ENERGY' }, header(refBlocks[0])],
  ['freeze bandwidth 1 TRX', 'freeze', signers[1], { amount: 1_000_000, resource: 'BANDWIDTH' }, header(refBlocks[1])],
  ['unfreeze energy 2^53-1', 'unfreeze', signers[2], { amount: Number.MAX_SAFE_INTEGER, resource: 'ENERGY' }, header(refBlocks[2])],
  ['withdraw expired unfreeze', 'withdraw_unfrozen', signers[0], {}, header(refBlocks[0], 1_730_000_004_000)],
  ['delegate energy, no lock', 'delegate', signers[0], { amount: 6_800_000_000, resource: 'ENERGY', to: RECIPIENTS[0] }, header(refBlocks[0])],
  ['delegate energy, locked 28800 blocks', 'delegate', signers[1], { amount: 1_000_000, resource: 'ENERGY', to: RECIPIENTS[1], lock: true, lockPeriod: 28_800 }, header(refBlocks[1])],
  ['delegate bandwidth, lock without period', 'delegate', signers[2], { amount: 2_000_000, resource: 'BANDWIDTH', to: RECIPIENTS[2], lock: true }, header(refBlocks[2])],
  ['undelegate energy', 'undelegate', signers[0], { amount: 6_800_000_000, resource: 'ENERGY', to: RECIPIENTS[0] }, header(refBlocks[0], 1_730_000_009_000)],
];
for (const [name, kind, signer, a, h] of stake) {
  const options = { blockHeader: h };
  const tb = tronWeb.transactionBuilder;
  const v = await push(name, kind, signer, h, () => {
    switch (kind) {
      case 'freeze': return tb.freezeBalanceV2(a.amount, a.resource, signer.address, options);
      case 'unfreeze': return tb.unfreezeBalanceV2(a.amount, a.resource, signer.address, options);
      case 'withdraw_unfrozen': return tb.withdrawExpireUnfreeze(signer.address, options);
      case 'delegate': return tb.delegateResource(a.amount, a.to, a.resource, signer.address, a.lock ?? false, a.lockPeriod, options);
      case 'undelegate': return tb.undelegateResource(a.amount, a.to, a.resource, signer.address, options);
    }
    throw new Error(kind);
  });
  transactions.push({
    ...v,
    to: a.to,
    amount: a.amount === undefined ? undefined : String(a.amount),
    resource: a.resource,
    lock: a.lock,
    lock_period: a.lockPeriod,
  });
}

const out = {
  generator: `tronweb ${TronWeb.version} (scripts/tron-vectors/vectors.mjs)`,
  mnemonic: DEV_MNEMONIC,
  keys,
  ref_blocks: refBlocks,
  transactions: transactions.map(({ name, kind, private_key, from, to, contract, amount, fee_limit, resource, lock, lock_period, header, signed }) => ({
    name,
    kind,
    private_key,
    from,
    to,
    ...(contract ? { contract, fee_limit } : {}),
    amount,
    ...(resource ? { resource } : {}),
    ...(lock ? { lock } : {}),
    ...(lock_period !== undefined ? { lock_period } : {}),
    ...header,
    raw_data_hex: signed.raw_data_hex,
    txID: signed.txID,
    signature: signed.signature[0],
  })),
};
process.stdout.write(JSON.stringify(out, null, 2) + '\n');
