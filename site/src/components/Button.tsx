import type { ComponentProps, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'white';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

function classes(variant: ButtonVariant, size: ButtonSize, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(' ');
}

/** The shared button: primary, secondary or white, in sm, md or lg. */
export function Button({
  variant = 'primary', size = 'md', className, type = 'button', children, ...rest
}: StyleProps & ComponentProps<'button'>) {
  return (
    <button type={type} className={classes(variant, size, className)} {...rest}>
      {children}
    </button>
  );
}

/** A link styled as the shared button (external links open in a new tab). */
export function ButtonLink({
  variant = 'primary', size = 'md', className, children, external, ...rest
}: StyleProps & ComponentProps<'a'> & { external?: boolean }) {
  const externalProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a className={classes(variant, size, className)} {...externalProps} {...rest}>
      {children}
    </a>
  );
}
