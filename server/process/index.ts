import { execServer } from "./settings.ts";

/**
 * The production entry (`npm start`, the systemd unit of docs/operations.md): becomes the server's
 * process, server/process/main.ts with the settings of server/process/settings.ts.
 */
await execServer(new URL("./main.ts", import.meta.url));
