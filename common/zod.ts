import { z } from "zod";

/**
 * zod as every shared schema uses it. zod builds each object schema's fast parser with `new Function`
 * and probes whether it may as soon as a schema is made; the pages' Content-Security-Policy allows no
 * eval, so in a browser the probe alone is a violation in the Issues panel. There zod runs jitless
 * (forms check a handful of fields: the compiled parser would save nothing a person could notice);
 * the server keeps its compiled parsers. Importing z from here, not from "zod", is what makes sure
 * the setting comes before the first schema, whatever chunk the bundler puts each module in.
 */
z.config({ jitless: typeof document !== "undefined" });

export { z };
