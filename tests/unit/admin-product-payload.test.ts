import { describe, expect, it } from "vitest";
import { naturalCrop, outputSide, stepFromKey, HEADER_PHOTO_MAX_SIDE } from "../../app/admin/pictures/crop-output.ts";
import { picturePayload } from "../../app/admin/pictures/picture-list.ts";
import { headerPayload, storedPictures } from "../../app/admin/products/product-payload.ts";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";

const headerId = "11111111-2222-4333-8444-555555555555";
const galleryId = "66666666-7777-4888-9999-000000000000";

const product: ProductView = {
  uuid: "aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee",
  model: "CAT 320",
  slug: "cat-320",
  category: "Excavatoare",
  category_en: "Excavators",
  category_uuid: null,
  category_slug: "excavatoare",
  units: 1,
  version: 1,
  header_offer: "<p>a</p>",
  details: "<p>b</p>",
  technical_data: "<p>c</p>",
  header_offer_en: "",
  details_en: "",
  technical_data_en: "",
  header_photo: {
    image: `/media/produse/excavatoare/cat-320/${headerId}.png`,
    alt: "cat 320 prezentare 1",
    width: 10,
    height: 10,
  },
  gallery: [
    { image: `/media/produse/excavatoare/cat-320/${galleryId}.jpg`, alt: "cat 320 poza 1", width: 10, height: 10 },
  ],
  specifications: {},
};

describe("the product form's pictures", () => {
  it("keeps a product's stored pictures by their image id", () => {
    const { header, gallery } = storedPictures(product);
    expect(headerPayload(header)).toEqual({ uuid: headerId });
    expect(gallery.map(picturePayload)).toEqual([{ uuid: galleryId }]);
  });

  it("sends a new picture as base64 with its type", () => {
    expect(headerPayload({ kind: "new", dataUrl: "data:image/png;base64,AAAA" })).toEqual({
      mime_type: "image/png",
      image: "AAAA",
    });
    expect(picturePayload({ kind: "new", key: "k", name: "a.jpg", src: "data:image/jpeg;base64,/9j/" })).toEqual({
      mime_type: "image/jpeg",
      image: "/9j/",
    });
  });
});

describe("the header photo's crop (spec §9)", () => {
  it("maps the box on screen to the picture's own pixels, as a square inside the picture", () => {
    expect(
      naturalCrop(
        { x: 10, y: 20, width: 100, height: 100 },
        { width: 400, height: 300 },
        { width: 1600, height: 1200 },
      ),
    ).toEqual({
      x: 40,
      y: 80,
      width: 400,
      height: 400,
    });
    expect(
      naturalCrop({ x: 350, y: 0, width: 100, height: 100 }, { width: 400, height: 300 }, { width: 400, height: 300 })
        .width,
    ).toBe(50);
  });

  it("writes at most the maximum side", () => {
    expect(outputSide({ x: 0, y: 0, width: 4000, height: 4000 })).toBe(HEADER_PHOTO_MAX_SIDE);
    expect(outputSide({ x: 0, y: 0, width: 300, height: 300 })).toBe(300);
  });

  it("takes the keyboard step from the keys 1 to 9", () => {
    expect(stepFromKey("1")).toBe(1);
    expect(stepFromKey("9")).toBe(9);
    expect(stepFromKey("0")).toBeUndefined();
    expect(stepFromKey("ArrowLeft")).toBeUndefined();
  });
});
