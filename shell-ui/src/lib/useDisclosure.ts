import { useCallback, useState } from 'react';
import { useHydratedId } from './useHydratedId.ts';

/** useDisclosure is one show/hide section (WAI-ARIA disclosure): a button and the region it controls. */
export function useDisclosure(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const regionId = useHydratedId();
  const toggle = useCallback(() => setOpen((o) => !o), []);
  return {
    open,
    regionId,
    buttonProps: { type: 'button' as const, 'aria-expanded': open, 'aria-controls': regionId, onClick: toggle },
  };
}
