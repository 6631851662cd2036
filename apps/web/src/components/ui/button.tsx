import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';
import { cloneElement, forwardRef, isValidElement, type ButtonHTMLAttributes } from 'react';
import { withOverrides } from '@/lib/class-overrides';

const baseButtonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        ghost: 'text-slate-700 hover:bg-slate-100',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        link: 'text-brand-700 underline-offset-4 hover:underline',
        light: 'bg-white text-brand-800 hover:bg-brand-50',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 text-sm',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

/** Button classes for links styled as buttons; later classes win over the variant's. */
export function buttonVariants({ className, ...variants }: VariantProps<typeof baseButtonVariants> & { className?: string } = {}) {
  return withOverrides(baseButtonVariants(variants), className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, VariantProps<typeof baseButtonVariants> {
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(({ className, variant, size, asChild, type, children, ...props }, ref) => {
  const classes = buttonVariants({ variant, size, className });
  // A link styled as this button (Radix Slot's rule, without its 1 KB on every visitor page): the
  // child's own props win, its classes come after the button's.
  if (asChild && isValidElement<{ className?: string }>(children)) {
    return cloneElement(children, { ...props, ...children.props, className: clsx(classes, children.props.className), ref } as object);
  }
  return (
    <button ref={ref} type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  );
});
Button.displayName = 'Button';
