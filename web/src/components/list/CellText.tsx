import { Tooltip, Typography } from 'antd';

/**
 * Text of a list cell that may be long (an e-mail, a name, a remark): one line cut at `width`
 * px with "…", the whole text on hover. The width is what keeps a table from growing wider than
 * the screen: a table sized to its content would otherwise widen to the longest value.
 */
export default function CellText({ text, width, testId }: { text: string | null | undefined; width: number; testId?: string }) {
  if (!text) return <span data-testid={testId}>—</span>;
  return (
    <Tooltip title={text} placement="topLeft">
      <span className="coffer-cell-clip" style={{ maxWidth: width }} data-testid={testId}>
        {text}
      </span>
    </Tooltip>
  );
}

/** A value staff copy (an IP address, an event id): whole, on one line, with the copy button. */
export function CopyText({ text, testId, mono = false }: { text: string; testId: string; mono?: boolean }) {
  return (
    <Typography.Text copyable className={mono ? 'coffer-address coffer-nowrap' : 'coffer-nowrap'} data-testid={testId}>
      {text}
    </Typography.Text>
  );
}
