import { describe, expect, it } from "vitest";
import { base64OfDataUrl, mimeTypeOfDataUrl, newImagePayload } from "../../app/admin/pictures/data-url.ts";

describe("data URLs of chosen pictures", () => {
  it("takes the type between the last colon and the last semicolon (spec §3)", () => {
    expect(mimeTypeOfDataUrl("data:image/png;base64,iVBORw0KGgo=")).toBe("image/png");
    expect(mimeTypeOfDataUrl("data:image/jpeg;base64,/9j/")).toBe("image/jpeg");
    // Parameters before ';base64' stay with the type, as the rule says; a colon in the payload does not count.
    expect(mimeTypeOfDataUrl("data:image/svg+xml;charset=utf-8;base64,PHN2Zz4=")).toBe("image/svg+xml;charset=utf-8");
    expect(mimeTypeOfDataUrl("data:image/gif;base64,R0lG:OD;lh")).toBe("image/gif");
  });

  it("gives no type when the header has none", () => {
    expect(mimeTypeOfDataUrl("data:;base64,AAAA")).toBe("");
    expect(mimeTypeOfDataUrl("not a data url")).toBe("");
    expect(mimeTypeOfDataUrl("data:image/png,rawtext")).toBe("");
  });

  it("keeps only the base64 after the comma", () => {
    expect(base64OfDataUrl("data:image/png;base64,iVBORw0KGgo=")).toBe("iVBORw0KGgo=");
    expect(base64OfDataUrl("data:image/png,plain")).toBe("");
    expect(base64OfDataUrl("iVBORw0KGgo=")).toBe("");
  });

  it("makes the API's picture payload, with the alt text only when given", () => {
    expect(newImagePayload("data:image/bmp;base64,Qk0=")).toEqual({ mime_type: "image/bmp", image: "Qk0=" });
    expect(newImagePayload("data:image/png;base64,AAAA", "cat 320 poza 1")).toEqual({
      mime_type: "image/png",
      image: "AAAA",
      alt: "cat 320 poza 1",
    });
  });
});
