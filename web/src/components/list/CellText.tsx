import { Tooltip } from 'antd';

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
