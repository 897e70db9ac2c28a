import { PageLink, type PageLinkProps } from '@/lib/page-links';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost-light' | 'accent';
export type ButtonSize = 'md' | 'lg';

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-night-700 text-white hover:bg-night-800 shadow-sm',
  accent: 'bg-moon-400 text-night-900 hover:bg-moon-300 shadow-sm',
  secondary: 'border border-night-700 text-night-700 bg-white/70 hover:bg-night-50',
  'ghost-light': 'border border-white/80 text-white hover:bg-white/10',
};

const sizeClasses: Record<ButtonSize, string> = {
  md: 'px-4 py-2 text-sm',
  lg: 'px-6 py-3 text-base',
};

/** Classes shared by links styled as buttons and real buttons, so both look the same. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors',
    'min-h-11 disabled:cursor-not-allowed disabled:opacity-70',
    variantClasses[variant],
    sizeClasses[size],
    extra,
  );
}

type ButtonLinkProps = PageLinkProps & { variant?: ButtonVariant; size?: ButtonSize };

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <PageLink className={buttonClasses(variant, size, className)} {...props} />;
}
