import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "../../server/pages/csp.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script and ignores external ones", () => {
    const html = `<head><script src="/assets/a.js"></script><script>window.a = 1;</script></head>
      <body><script type="module" async="">import "/x.js";\n</script><script>window.a = 1;</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import "/x.js";\n')]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from our origin or by hash, never inline by default", () => {
    const policy = contentSecurityPolicy("<script>go()</script>");
    expect(policy).toContain(`script-src 'self' ${sha("go()")}`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
