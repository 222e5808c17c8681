import type { ReactNode } from 'react';
import { Card, type CardProps } from 'antd';

interface IconCardProps extends Omit<CardProps, 'title' | 'className'> {
  icon: ReactNode;
  title: ReactNode;
  /** Below the card, a gap before the next one. */
  gapBelow?: boolean;
  testId: string;
}

/** A settings card of the personal centre and the System screens: its title led by an icon. */
export default function IconCard({ icon, title, gapBelow = false, testId, ...card }: IconCardProps) {
  return (
    <Card
      title={
        <span>
          {icon} {title}
        </span>
      }
      className={gapBelow ? 'coffer-card coffer-gap-bottom' : 'coffer-card'}
      data-testid={testId}
      {...card}
    />
  );
}
