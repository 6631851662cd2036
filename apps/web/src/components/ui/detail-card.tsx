import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';

/** A card of label/value pairs (DetailItem) under a title; `className` lays the list out in columns. */
export function DetailCard({
  title,
  className,
  children,
  footer,
}: {
  title: string;
  className?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card title={title}>
      <dl className={cn('grid gap-4', className)}>{children}</dl>
      {footer}
    </Card>
  );
}
