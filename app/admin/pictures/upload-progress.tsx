import { Progress, Stack, Text } from "@mantine/core";

interface UploadProgressProps {
  fraction: number;
  label: string;
  /** What the server does once the body is sent. */
  waiting?: string;
}

/** How far a large save has gone: the share of the request body sent, then the wait for the server. */
export function UploadProgress({ fraction, label, waiting = "Se salveaza..." }: UploadProgressProps) {
  const percent = Math.round(fraction * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={label} animated />
      <Text size="sm" aria-live="polite">
        {fraction < 1 ? `Se incarca: ${percent}%` : waiting}
      </Text>
    </Stack>
  );
}
