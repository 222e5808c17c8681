import { Avatar, Space } from 'antd';
import { tokenIconSrc } from './tokenRules';

/**
 * The token's icon (home/config tokenIconUrl + lower-case symbol + '.png'); antd's Avatar falls
 * back to the first letter when the image cannot be loaded.
 */
export default function TokenIcon({ symbol, iconUrl, withSymbol = true }: { symbol: string; iconUrl?: string | null; withSymbol?: boolean }) {
  const src = tokenIconSrc(iconUrl, symbol);
  return (
    <Space size={8} data-testid="token-symbol">
      <Avatar size={24} src={src ?? undefined} className="coffer-token-icon" alt={symbol}>
        {symbol.slice(0, 1).toUpperCase()}
      </Avatar>
      {withSymbol && <span>{symbol}</span>}
    </Space>
  );
}
