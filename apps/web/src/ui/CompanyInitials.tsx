import { companyInitials } from '@duka/core';
import classes from './CompanyInitials.module.css';

/**
 * The company's 2-letter initials (SPEC §9) in a circle, where there is no logo: the left nav, the invoice header,
 * the public invoice page. Read out as the company's name. Nothing is drawn for a name without letters.
 */
export function CompanyInitials({ name, size = 48 }: { name: string | null | undefined; size?: number }) {
  const initials = companyInitials(name);
  if (!initials) return null;
  return (
    <span className={classes.initials} role="img" aria-label={name ?? ''} data-testid="company-initials" style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}>
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
