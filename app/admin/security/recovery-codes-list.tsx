import { Alert, Button, Code, List, Stack } from "@mantine/core";

/** Ten recovery codes, shown once: the person writes them down or stores them, then closes the list. */
export function RecoveryCodesList({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="red" title="Salvați codurile de recuperare" role="note">
        Fiecare cod vă lasă să intrați o dată, fără telefon. Nu vor mai fi afișate: notați-le sau păstrați-le într-un
        manager de parole.
      </Alert>
      <List aria-label="Coduri de recuperare" listStyleType="none" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <div>
        <Button onClick={onDone}>Am salvat codurile</Button>
      </div>
    </Stack>
  );
}
