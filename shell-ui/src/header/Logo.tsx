import type { LogoItem } from '../model/header.ts';
import { ShellLink } from '../shell/ShellLink.tsx';
import { BrandMark } from './BrandMark.tsx';
import './Logo.css';

export interface LogoProps {
  item: LogoItem | undefined;
  homeLabel: string;
}

/** Logo links the brand to the locale home: 124x28 at most on mobile, 180x40 from lg. */
export function Logo({ item, homeLabel }: LogoProps) {
  if (!item) return null;
  return (
    <ShellLink href={item.href} className="shell-logo" label={`${item.alt} – ${homeLabel}`}>
      {item.url ? <img className="shell-logo__image" src={item.url} alt="" width={180} height={40} /> : <BrandMark />}
    </ShellLink>
  );
}
