import { describe, expect, it } from "vitest";
import { pictureCounter, screenFiles, type UploadRules } from "../../app/admin/pictures/upload-limits.ts";
import { IMAGE_COUNT_LIMIT, IMAGE_SIZE_LIMIT_BYTES } from "../../common/fields/field-rules.ts";

const MB = 1024 * 1024;
const gallery: UploadRules = {
  accept: ["image/jpeg", "image/png", "image/bmp"],
  maxBytes: IMAGE_SIZE_LIMIT_BYTES,
  maxCount: IMAGE_COUNT_LIMIT,
  nameInMessages: true,
};
const header: UploadRules = { ...gallery, maxCount: 1, nameInMessages: false };
const file = (name: string, size: number, type = "image/png") => ({ name, size, type });

describe("upload limits checked before sending (spec §5, §9)", () => {
  it("accepts pictures of an accepted type up to the size limit", () => {
    const files = [file("a.png", 1000), file("b.jpg", 5 * MB, "image/jpeg")];
    expect(screenFiles(files, 0, gallery)).toEqual({ accepted: files, messages: [] });
  });

  it("refuses a file over the limit with the spec's message, prefixed with its name in the gallery", () => {
    const big = file("mare.png", 5 * MB + 1);
    expect(screenFiles([big, file("mic.png", 10)], 0, gallery)).toEqual({
      accepted: [file("mic.png", 10)],
      messages: ["Imaginea mare.png nu indeplineste conditia: Dimensiune maxima acceptata este de 5MB."],
    });
    expect(screenFiles([big], 0, header).messages).toEqual(["Dimensiune maxima acceptata este de 5MB."]);
    expect(
      screenFiles([file("b.png", 11 * MB)], 0, { ...gallery, maxBytes: 10 * MB, nameInMessages: false }).messages,
    ).toEqual(["Dimensiune maxima acceptata este de 10MB."]);
  });

  it("refuses a file of another type", () => {
    expect(screenFiles([file("nota.pdf", 10, "application/pdf")], 0, gallery)).toEqual({
      accepted: [],
      messages: ["Imaginea nota.pdf nu indeplineste conditia: Tipul fisierului nu este acceptat."],
    });
  });

  it("takes none of the files when they would go over the count limit, pictures already there included", () => {
    const three = [file("1.png", 1), file("2.png", 1), file("3.png", 1)];
    expect(screenFiles(three, 3, gallery)).toEqual({
      accepted: [],
      messages: ["Aveți voie să încărcați maxim 5 fișiere"],
    });
    expect(screenFiles(three, 2, gallery).accepted).toHaveLength(3);
  });

  it("counts pictures in Romanian (spec §2)", () => {
    expect(pictureCounter(0)).toBe("0 poze incarcate");
    expect(pictureCounter(1)).toBe("1 poza incarcata");
    expect(pictureCounter(2)).toBe("2 poze incarcate");
  });
});
