import type { ShownCalendar } from "../page-data/availability-calendar.server.ts";
import { calendarRowsHtml } from "../lib/availability-calendar-rows.ts";
import styles from "./availability-calendar.module.css";

/**
 * A machine's next weeks, day by day: a table that reads without JavaScript and prints. Each day's
 * state is a symbol the stylesheet draws from `data-state` (with no text for screen readers) and
 * its words, hidden on screen, so colour never tells it alone; the texts come written from the
 * server, the days' rows as HTML from each day's state.
 */
export function AvailabilityCalendar({ calendar }: { calendar: ShownCalendar }) {
  return (
    <section className={styles.calendar} aria-labelledby="product-availability">
      <h2 id="product-availability">{calendar.title}</h2>
      <table>
        <caption>{calendar.caption}</caption>
        <thead>
          <tr>
            {calendar.weekdays.map(({ short, name }) => (
              <th key={name} scope="col">
                <abbr title={name}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        {/* Written from the server's texts and each day's state (app/lib/availability-calendar-rows.ts). */}
        <tbody dangerouslySetInnerHTML={{ __html: calendarRowsHtml(calendar.days, calendar.states) }} />
      </table>
      <h3>{calendar.legend}</h3>
      <ul>
        {Object.entries(calendar.states).map(([state, text]) => (
          <li key={state} data-state={state}>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
