import { Tooltip, Typography } from 'antd';
import { shortAddress, txLink } from './tokenRules';

/** An address shortened to 6 + … + 4, the whole value in a tooltip and on the copy button. */
export function AddressText({ address, testId = 'address' }: { address: string; testId?: string }) {
  if (!address) return <>—</>;
  return (
    <Tooltip title={address}>
      <Typography.Text copyable={{ text: address }} className="coffer-address" data-testid={testId} data-address={address}>
        {shortAddress(address)}
      </Typography.Text>
    </Tooltip>
  );
}

/**
 * A transaction hash linked to the chain's explorer (txurl + hash, or `href` when the server gave
 * the whole link: a bill's payment), shortened like addresses.
 */
export function TxHashLink({ txurl, hash, href: link }: { txurl: string | null | undefined; hash: string; href?: string | null }) {
  const href = link ?? txLink(txurl, hash);
  const text = shortAddress(hash);
  return (
    <Typography.Text copyable={{ text: hash }}>
      {href ? (
        <a href={href} target="_blank" rel="noreferrer noopener" title={hash}>
          {text}
        </a>
      ) : (
        text
      )}
    </Typography.Text>
  );
}
