import { List, Text, VisuallyHidden } from "@mantine/core";
import type { RevisionChange, WordChange } from "../../../common/revisions/revision-schemas.ts";

const DELETED = { textDecoration: "line-through", background: "var(--mantine-color-red-1)" } as const;
const INSERTED = { textDecoration: "underline", background: "var(--mantine-color-green-1)" } as const;

/**
 * A rich text's change as its words read: deleted words struck through in <del>, inserted ones
 * underlined in <ins>, each also named in words for a screen reader (never by colour alone).
 */
function WordDiff({ words }: { words: readonly WordChange[] }) {
  return (
    <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
      {words.map((word, index) =>
        word.change === "same" ? (
          <span key={index}>{word.text}</span>
        ) : word.change === "removed" ? (
          <del key={index} style={DELETED}>
            <VisuallyHidden>[sters: </VisuallyHidden>
            {word.text}
            <VisuallyHidden>]</VisuallyHidden>
          </del>
        ) : (
          <ins key={index} style={INSERTED}>
            <VisuallyHidden>[adaugat: </VisuallyHidden>
            {word.text}
            <VisuallyHidden>]</VisuallyHidden>
          </ins>
        ),
      )}
    </Text>
  );
}

const shown = (text: string) => text || "(gol)";

/** A revision's changes field by field, in words. */
export function RevisionChanges({ changes }: { changes: readonly RevisionChange[] }) {
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nicio modificare fata de versiunea de dinainte (sau este cea mai veche pastrata).
      </Text>
    );
  return (
    <List size="sm" spacing="xs">
      {changes.map((change, index) => (
        <List.Item key={`${change.field}-${index}`}>
          <Text size="sm" fw={600} span>
            {change.label}:{" "}
          </Text>
          {change.words ? (
            <WordDiff words={change.words} />
          ) : (
            <Text size="sm" span>
              <del style={DELETED}>
                <VisuallyHidden>inainte: </VisuallyHidden>
                {shown(change.before)}
              </del>{" "}
              →{" "}
              <ins style={INSERTED}>
                <VisuallyHidden>acum: </VisuallyHidden>
                {shown(change.after)}
              </ins>
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
