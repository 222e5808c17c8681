import type { AddressRule } from '@/api/chains';
import type { ChainFamily } from '@/api/types';

// Address shapes come from the server (each chain's rule is its family's, declared by the chain's
// adapter), so the console keeps no copy of them. Checksums (EIP-55, base58check) stay the
// server's to check.

/**
 * The rules an address for a chain of `family` must meet one of: the family's own, or every rule
 * the server sent when the family is unknown (the server then decides which chain it fits).
 */
export function rulesForFamily(rules: readonly AddressRule[], family: ChainFamily | null | undefined): AddressRule[] {
  const own = rules.filter((rule) => rule.family === family);
  return own.length > 0 ? own : [...rules];
}

const compiled = new Map<string, RegExp>();

function matchingRule(text: string, rules: readonly AddressRule[]): AddressRule | undefined {
  return rules.find((rule) => {
    let pattern = compiled.get(rule.pattern);
    if (!pattern) {
      pattern = new RegExp(rule.pattern);
      compiled.set(rule.pattern, pattern);
    }
    return pattern.test(text);
  });
}

/**
 * Whether the trimmed address has the shape of one of `rules`. Without rules (not loaded yet, or
 * unreadable) any text passes and the server decides.
 */
export function isAddressFor(address: string | null | undefined, rules: readonly AddressRule[]): boolean {
  const text = (address ?? '').trim();
  if (rules.length === 0) return text !== '';
  return matchingRule(text, rules) !== undefined;
}

/** The comparison key of an address: trimmed, and lower case when its rule ignores case (hex). */
export function addressKey(address: string, rules: readonly AddressRule[]): string {
  const text = address.trim();
  return matchingRule(text, rules)?.caseSensitive === false ? text.toLowerCase() : text;
}

/** Indexes of the entries that repeat an earlier one (the first occurrence is not flagged). */
export function duplicateIndexes(addresses: readonly string[], rules: readonly AddressRule[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  addresses.forEach((address, index) => {
    const key = addressKey(address ?? '', rules);
    if (!key) return;
    if (seen.has(key)) repeated.push(index);
    seen.add(key);
  });
  return repeated;
}

/** A field's hint: the literal start every address of the rule has ("0x…", "T…"). */
export function addressPlaceholder(rules: readonly AddressRule[]): string {
  const start = /^\^?([A-Za-z0-9]*)/.exec(rules[0]?.pattern ?? '')?.[1] ?? '';
  return rules.length > 0 ? `${start}…` : '';
}
