import type { MenuIconName } from '../model/header.ts';

// 24x24 line icons for advanced menu items, drawn inline so no request can fail.
const paths: Record<MenuIconName, string> = {
  overviewIcon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  fixedDepositIcon: 'M6 10V8a6 6 0 0 1 12 0v2M5 10h14v10H5zM12 14v2',
  overnightMoneyIcon: 'M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5M6 10v4M18 10v4',
  terminationPaymentIcon: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M12 7v5l3 3',
  etfRoboIcon: 'M4 19h16M6 16l4-5 3 3 5-7M15 7h3v3',
  cryptoIcon: 'M12 3 20 7.5v9L12 21l-8-4.5v-9zM12 3v18M4 7.5l16 9M20 7.5l-16 9',
  pensionIcon: 'M4 20h16M6 20V10M10 20V10M14 20V10M18 20V10M3 9l9-5 9 5z',
  shieldIcon: 'M12 3 20 6v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  bankIcon: 'M3 10h18L12 4zM5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18',
  bookIcon: 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 21V5M8 7h7',
};

export interface MenuIconProps {
  name: MenuIconName;
  color?: string;
}

/** MenuIcon draws one named icon of an advanced menu item. */
export function MenuIcon({ name, color }: MenuIconProps) {
  return (
    <span className="shell-menu-icon" style={color ? { color } : undefined} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
