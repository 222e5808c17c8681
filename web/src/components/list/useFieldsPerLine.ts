import { useLayoutEffect, useRef, useState } from 'react';

/** The narrowest a filter field is drawn (a range of days needs it); the gap between fields. */
export const FIELD_WIDTH = 230;
/** What Search, Reset and More need, in the line's last cell (in every language). */
export const ACTIONS_WIDTH = 280;
export const FIELD_GAP = 12;
/** What a line holds before it is measured (and in tests, where nothing has a width). */
const UNMEASURED = 4;

/** How many cells fit on a line `width` px wide: the buttons' and as many fields as fit beside it, at least one. */
export const fieldsPerLine = (width: number) =>
  width > 0 ? Math.max(1, 1 + Math.floor((width - ACTIONS_WIDTH) / (FIELD_WIDTH + FIELD_GAP))) : UNMEASURED;

/** The cells per line of the element behind `ref`, measured again whenever its width changes. */
export function useFieldsPerLine<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [perLine, setPerLine] = useState(UNMEASURED);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setPerLine(fieldsPerLine(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, perLine };
}
