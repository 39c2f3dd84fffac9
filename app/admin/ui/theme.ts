import { createTheme, Notification, PasswordInput, type CSSVariablesResolver } from "@mantine/core";

/**
 * The admin's Mantine theme. Mantine's default shades put white text on colours that miss the AA
 * contrast ratio (blue 6 is 3.5:1); the darkest shade is used for filled controls, and the
 * "dimmed", placeholder and error texts get darker greys and reds for the same reason (a
 * placeholder is text to read: the file input's 'Alegeti o poza' is all the field says).
 */
export const adminTheme = createTheme({
  primaryColor: "blue",
  primaryShade: 9,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: "sm",
  cursorType: "pointer",
  // Visitors who ask their system for less motion get modals and toasts without animation, as on the public site.
  respectReducedMotion: true,
  components: {
    // Controls Mantine draws with an icon only get a Romanian name. (Modal's is set where modals
    // are provided, in the shell: extending Modal here would load it on the login page.)
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "Afisati sau ascundeti parola" } },
    }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { "aria-label": "Inchideti mesajul" } } }),
  },
});

export const adminCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    // Gray 6 is 3.3:1 on white; gray 7 is 8:1.
    "--mantine-color-placeholder": "var(--mantine-color-gray-7)",
  },
  dark: {},
});
