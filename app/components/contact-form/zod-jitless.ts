import { z } from "zod";

/**
 * zod builds each object schema's fast parser with `new Function`, and probes whether it may when the
 * schema is made. The site's Content-Security-Policy allows no eval, so the probe alone is a violation
 * in the browser's Issues panel. Jitless, zod neither probes nor compiles (the form checks a handful
 * of fields: the compiled parser would save nothing a visitor could notice). form-tools.ts runs this
 * before the schema's module; in the browser only: the server keeps zod's compiled parsers.
 */
z.config({ jitless: true });
