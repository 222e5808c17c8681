import type { Asset } from '@/api/assets';
import type { ChainNode } from '@/api/types';

// Choosing a token of a chain where the chain's native coin is a choice too (tokenId null): the
// withdraw form (206) and a trade pair's tokens (204).

/** The native coin's decimals when home/config does not say (EVM). */
export const DEFAULT_NATIVE_DECIMALS = 18;

/** What a token select holds for the chain's native coin (tokenId null). */
export const NATIVE_TOKEN = 'native';
export type TokenChoice = number | typeof NATIVE_TOKEN;
export const tokenIdOf = (choice: TokenChoice): number | null => (choice === NATIVE_TOKEN ? null : choice);
export const choiceOf = (tokenId: number | null): TokenChoice => tokenId ?? NATIVE_TOKEN;

export interface TokenOption {
  value: TokenChoice;
  label: string;
  symbol: string;
  decimals: number;
}

/**
 * The tokens the merchant enabled on the chain, plus the chain's native coin (tokenId null);
 * `assets` null (they cannot be read): the chain's tokens. None when the merchant enabled no
 * token on the chain: the server accepts the native coin only beside an enabled token.
 */
export function tokenOptions(chain: ChainNode | undefined, assets: readonly Asset[] | null, nativeLabel: (symbol: string) => string): TokenOption[] {
  if (!chain) return [];
  const native: TokenOption = { value: NATIVE_TOKEN, label: nativeLabel(chain.symbol), symbol: chain.symbol, decimals: chain.decimals ?? DEFAULT_NATIVE_DECIMALS };
  if (assets === null) {
    return [...chain.tokens.map((token) => ({ value: token.tokenid, label: token.symbol, symbol: token.symbol, decimals: token.decimals ?? DEFAULT_NATIVE_DECIMALS })), native];
  }
  const enabled = assets.filter((asset) => asset.chainId === chain.chainid && asset.status === 1);
  if (enabled.length === 0) return [];
  return [...enabled.map((asset) => ({ value: asset.tokenId, label: asset.symbol, symbol: asset.symbol, decimals: asset.decimals })), native];
}
