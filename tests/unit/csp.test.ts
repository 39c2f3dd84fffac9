import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appScripts, contentSecurityPolicy } from "../../server/pages/csp.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const MARK = "m4rk";

describe("appScripts", () => {
  it("hashes the exact text of the marked inline scripts and removes the mark", () => {
    const html = `<head><script src="/assets/a.js" nonce="${MARK}"></script><script nonce="${MARK}">window.a = 1;</script></head>
      <body><script type="module" nonce="${MARK}" async="">import "/x.js";\n</script><script nonce="${MARK}">window.a = 1;</script></body>`;
    const result = appScripts([Buffer.from(html)], MARK);
    expect(result.hashes).toEqual([sha("window.a = 1;"), sha('import "/x.js";\n')]);
    expect(result.document.toString()).not.toContain(MARK);
    expect(result.document.toString()).toContain('<script type="module" async="">import "/x.js";\n</script>');
  });

  it("hashes a script's bytes as the browser reads them, letters beyond ASCII included", () => {
    const script = 'window.t = "Săpătură și țăruși";';
    expect(appScripts([Buffer.from(`<p>ș</p><script nonce="${MARK}">${script}</script>`)], MARK).hashes).toEqual([
      sha(script),
    ]);
  });

  it("never hashes a script without the mark, nor one with another nonce: content cannot forge its way in", () => {
    const html = `<div><p>Oferta</p><script>steal()</script><script nonce="guess">steal()</script><script nonce="${MARK}x">steal()</script></div>`;
    const result = appScripts([Buffer.from(html)], MARK);
    expect(result.hashes).toEqual([]);
    expect(result.document.toString()).toBe(html);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from our origin or by hash, never inline by default", () => {
    const policy = contentSecurityPolicy([sha("go()")]);
    expect(policy).toContain(`script-src 'self' ${sha("go()")}`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
