import { Progress, Stack, Text } from "@mantine/core";

/** How far a large save has gone: the share of the request body sent, then the wait for the server. */
export function UploadProgress({ fraction, label }: { fraction: number; label: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={label} animated />
      <Text size="sm" aria-live="polite">
        {fraction < 1 ? `Se incarca: ${percent}%` : "Se salveaza..."}
      </Text>
    </Stack>
  );
}
