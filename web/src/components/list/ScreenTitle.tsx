import { Typography } from 'antd';

interface ScreenTitleProps {
  title: string;
  /** What the screen is for, in one line after the title (whole on hover when cut). */
  purpose: string;
}

/**
 * A card title that says the screen's job on the title's own line: it takes no height from the
 * rows (e2e/rowcount.spec.ts), and unlike the info banner it cannot be closed.
 */
export default function ScreenTitle({ title, purpose }: ScreenTitleProps) {
  return (
    <span className="coffer-screen-title" title={purpose}>
      {title}
      <Typography.Text type="secondary" className="coffer-screen-purpose" data-testid="screen-purpose">
        {purpose}
      </Typography.Text>
    </span>
  );
}
