import { companyInitials } from '@duka/core';
import classes from './CompanyInitials.module.css';

/**
 * The company's 2-letter initials (SPEC §9) in a circle, where there is no logo: the left nav, the invoice header,
 * the public invoice page. Read out as the company's name (or hidden when `decorative`). Nothing is drawn for a
 * name without letters.
 */
export function CompanyInitials({ name, size = 48, decorative = false }: { name: string | null | undefined; size?: number; decorative?: boolean }) {
  const initials = companyInitials(name);
  if (!initials) return null;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  // Decorative inside a control that has its own name (the 'ADD LOGO' button): drawn by CSS (::before), so the
  // letters are not part of the control's text and its name stays exactly its visible label.
  if (decorative) return <span className={classes.initials} data-initials={initials} aria-hidden="true" data-testid="company-initials" style={style} />;
  return (
    <span className={classes.initials} role="img" aria-label={name ?? ''} data-testid="company-initials" style={style}>
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
