import type { Locale } from "../../../common/language/language.ts";
import type { SuggestionList } from "../../../common/search/search-schemas.ts";

/**
 * The header box's suggestions (decision 060), loaded on the box's first focus: the WAI-ARIA 1.2
 * combobox pattern on the existing input (list autocomplete, the active option named by
 * aria-activedescendant while focus stays in the box). Down and Up move through the suggestions
 * (Down opens them), Enter on one opens its machine's page, Escape closes them (then clears the
 * box); Enter without a chosen suggestion sends the form, the results page. Plain DOM, no React:
 * the code stays small and the input React rendered keeps its focus and caret.
 */

const TEXTS = {
  ro: {
    list: "Sugestii",
    none: "Nicio sugestie",
    one: "O sugestie; alegeți cu săgețile",
    many: "{{count}} sugestii; alegeți cu săgețile",
  },
  en: {
    list: "Suggestions",
    none: "No suggestions",
    one: "One suggestion; choose with the arrow keys",
    many: "{{count}} suggestions; choose with the arrow keys",
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Keystrokes closer than this are one question to the server. */
const DEBOUNCE_MS = 120;

export function attachCombobox(input: HTMLInputElement, language: Locale, open: (path: string) => void): void {
  const texts = TEXTS[language];
  const listId = `${input.id}-list`;
  const list = document.createElement("ul");
  list.id = listId;
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", texts.list);
  list.hidden = true;
  const status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  input.after(list, status);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", listId);

  let items: SuggestionList["items"] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | undefined;

  const show = (index: number) => {
    active = index;
    list
      .querySelectorAll("[role=option]")
      .forEach((option, at) => option.setAttribute("aria-selected", String(at === index)));
    if (index < 0) input.removeAttribute("aria-activedescendant");
    else {
      input.setAttribute("aria-activedescendant", `${listId}-${index}`);
      list.children[index]?.scrollIntoView({ block: "nearest" });
    }
  };
  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    show(-1);
  };
  const choose = (index: number) => {
    const item = items[index];
    if (!item) return;
    close();
    open(item.path);
  };
  const render = (found: SuggestionList["items"]) => {
    items = found;
    list.replaceChildren(
      ...found.map((item, index) => {
        const option = document.createElement("li");
        option.id = `${listId}-${index}`;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        const kind = document.createElement("span");
        kind.textContent = item.category;
        option.append(item.model, kind);
        option.addEventListener("click", () => choose(index));
        return option;
      }),
    );
    status.textContent =
      found.length === 0
        ? texts.none
        : found.length === 1
          ? texts.one
          : texts.many.replace("{{count}}", String(found.length));
    list.hidden = found.length === 0;
    input.setAttribute("aria-expanded", String(found.length > 0));
    show(-1);
  };
  /** No suggestions shown and nothing said: an empty box, or a question the server did not answer. */
  const forget = () => {
    items = [];
    list.replaceChildren();
    status.textContent = "";
    close();
  };
  const ask = () => {
    asking?.abort();
    const query = input.value.trim();
    if (query === "") return forget();
    const controller = new AbortController();
    asking = controller;
    const address = `/api/search/suggestions?${new URLSearchParams({ q: query, lang: language })}`;
    fetch(address, { signal: controller.signal })
      .then((reply) => (reply.ok ? (reply.json() as Promise<SuggestionList>) : null))
      .then((found) => {
        if (asking !== controller || document.activeElement !== input) return;
        // A refused question (too many from this address, the server failing) is not "no suggestions".
        if (found) render(found.items);
        else forget();
      })
      .catch(() => {
        // Aborted by a newer keystroke, or offline: the form still sends the search.
      });
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(ask, DEBOUNCE_MS);
  });
  input.addEventListener("keydown", (event) => {
    const opened = !list.hidden;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!opened) {
        if (items.length > 0) render(items);
        return;
      }
      show((active + 1) % items.length);
    } else if (event.key === "ArrowUp" && opened) {
      event.preventDefault();
      show(active <= 0 ? items.length - 1 : active - 1);
    } else if (event.key === "Enter" && opened && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape") {
      // The first Escape only closes the list: a search box's own Escape would also clear the query.
      if (opened) {
        event.preventDefault();
        close();
      } else input.value = "";
    }
  });
  input.addEventListener("blur", close);
  // A press on a suggestion must not blur the box first (which would close the list under the pointer).
  list.addEventListener("mousedown", (event) => event.preventDefault());
}
