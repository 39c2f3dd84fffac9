import { useState, type FormEvent } from "react";
import { announce } from "./announcer.tsx";
import { CheckIcon } from "./icons.tsx";
import styles from "./add-to-quote-list.module.css";

/**
 * A button that puts a machine in one of the visitor's lists kept in the browser (the quote list,
 * the comparison) or takes it out, and says what it did. It is a GET form to the
 * page that list leads to, with `fields`, so before the page's scripts run (or without them) it
 * opens that page for this machine. `toggle` changes the list and returns what to say: shown under
 * the button, and said through the page's one live region (./announcer.tsx).
 */
export function ListToggle({
  action,
  fields,
  listed,
  text,
  model,
  toggle,
  className,
}: {
  action: string;
  fields: Readonly<Record<string, string>>;
  listed: boolean;
  /** The button's words; with the machine's model, its accessible name ("Comparați: CAT 320"). */
  text: string;
  model: string;
  toggle: () => string;
  className?: string;
}) {
  const [said, setSaid] = useState("");
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = toggle();
    setSaid(text);
    announce(text);
  }
  return (
    <form method="get" action={action} className={`${styles.add} ${className ?? ""}`} onSubmit={onSubmit}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={listed ? styles.listed : styles.button} aria-label={`${text}: ${model}`}>
        {listed ? <CheckIcon /> : null}
        {text}
      </button>
      {said ? <p className={styles.status}>{said}</p> : null}
    </form>
  );
}
