import { useCallback, useEffect, useRef, useState } from 'react';

/** CopiedFeedback is how long a copied identifier stays marked (spec 9: 3000 ms). */
export const CopiedFeedback = 3000;

/** Clipboard is the part of navigator.clipboard the account menu uses. */
export type Clipboard = Pick<globalThis.Clipboard, 'writeText'>;

/**
 * useCopiedIdentifier copies an identifier's text and marks it copied for 3 s (spec 4, copied
 * identifier). clear drops the mark at once: closing the account menu calls it.
 */
export function useCopiedIdentifier(clipboard: () => Clipboard | undefined = () => navigator.clipboard) {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (kind: string, text: string) => {
      const target = clipboard();
      if (!target) return;
      try {
        await target.writeText(text);
      } catch {
        // The browser refused (no permission, page not focused): nothing was copied, so no mark.
        return;
      }
      clearTimeout(timer.current);
      setCopied(kind);
      timer.current = setTimeout(() => setCopied(null), CopiedFeedback);
    },
    [clipboard],
  );

  return { copied, copy, clear };
}
