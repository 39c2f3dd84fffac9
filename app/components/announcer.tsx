import { useEffect, useState } from "react";

/**
 * The public pages' one polite live region, for what a button did where the button itself shows
 * it only in part ("CAT 320 este în cerere (3 din 10)", "Cererea are deja 10 utilaje"). One region
 * for the page instead of one beside each of a category's cards: screen readers watch every live
 * region of a page, and a category of 200 machines had 400 of them.
 */

let speak: ((text: string) => void) | undefined;

/** Says `text` through the page's region; before the layout has hydrated, nothing is said. */
export function announce(text: string): void {
  speak?.(text);
}

/**
 * The region, once in the public layout. The same text said again is said again (its text changes
 * by a no-break space).
 */
export function Announcer() {
  const [said, setSaid] = useState({ text: "", times: 0 });
  useEffect(() => {
    speak = (text) => setSaid((before) => ({ text, times: before.times + 1 }));
    return () => {
      speak = undefined;
    };
  }, []);
  return (
    <p role="status" className="visually-hidden">
      {said.times % 2 === 0 ? said.text : `${said.text}\u00a0`}
    </p>
  );
}
