import { Box, Group, Text } from "@mantine/core";
import { passwordStrength, STRENGTH_BARS } from "../../../common/fields/password-strength.ts";
import { STRENGTH_LABELS } from "../ui/texts.ts";

const COLORS = ["red.9", "orange.9", "yellow.8", "lime.8", "green.9"] as const;

/** The five bars of spec §5/§9 under a new-password field; a hint only, it blocks nothing. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { bars } = passwordStrength(password);
  const label = bars > 0 ? STRENGTH_LABELS[bars - 1] : undefined;
  return (
    <Box mt={6} data-testid="password-strength" data-bars={bars}>
      <Group gap={4} grow aria-hidden="true">
        {Array.from({ length: STRENGTH_BARS }, (_, index) => (
          <Box key={index} h={6} bdrs="xs" bg={index < bars ? COLORS[bars - 1] : "gray.3"} />
        ))}
      </Group>
      <Text size="xs" mt={4} aria-live="polite">
        {label ? `Puterea parolei: ${label}` : "\u00a0"}
      </Text>
    </Box>
  );
}
