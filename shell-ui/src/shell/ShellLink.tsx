import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { isActiveHref } from '../lib/activeLink.ts';
import { isExternalHref, resolveHref } from '../lib/href.ts';
import { ConsentAnchor, openConsentSettings } from './consent.ts';
import { useCurrentLocation, useShellSettings } from './ShellContext.tsx';

export interface ShellLinkProps {
  /** href as the content gives it; resolved against the locale base path. */
  href: string | undefined;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  /** callback runs instead of navigating. */
  callback?: string;
  label?: string;
  onNavigate?: () => void;
  /** siteAbsolute keeps a root-relative href as it is (market links), without the base path. */
  siteAbsolute?: boolean;
  /**
   * sameTab opens an external link in this tab: a market's own site replaces the page the
   * visitor chose to leave, as a local link would (no target, so no rel either).
   */
  sameTab?: boolean;
}

/**
 * ShellLink is the only way the shell renders an <a>: it applies the link rules of spec
 * section 5 and the active-link rule the gateway also applies, so prerendered and hydrated
 * markup agree. A link the rules reject renders as plain text.
 */
export function ShellLink({ href, className, style, children, callback, label, onNavigate, siteAbsolute, sameTab }: ShellLinkProps) {
  const { basePath } = useShellSettings();
  const at = useCurrentLocation();
  const resolved = resolveHref(href, siteAbsolute ? '' : basePath);
  if (resolved === undefined) {
    return <span className={className} style={style}>{children}</span>;
  }
  const newTab = !sameTab && isExternalHref(resolved);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (callback === 'openConsentSettings' || resolved.endsWith(ConsentAnchor)) {
      e.preventDefault();
      openConsentSettings();
    }
    onNavigate?.();
  };
  return (
    <a
      href={resolved}
      className={className}
      style={style}
      aria-current={isActiveHref(resolved, at) ? 'page' : undefined}
      aria-label={label}
      target={newTab ? '_blank' : undefined}
      // noreferrer also means noopener (HTML's link types): the other site gets neither our
      // window nor a Referer, as with "noopener noreferrer", in nine fewer bytes a link.
      rel={newTab ? 'noreferrer' : undefined}
      onClick={onClick}
    >
      {children}
    </a>
  );
}
