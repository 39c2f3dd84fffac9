import { describe, expect, it } from "vitest";
import { ApiError } from "../../app/admin/api/api-client.ts";
import { refusalMessages } from "../../app/admin/editing/forms.ts";

/** What an admin form shows next to its fields when the server refuses a save (useFormSave, the product form). */
describe("refusalMessages", () => {
  it("puts a 400's field codes next to their fields, in Romanian", () => {
    const error = new ApiError(400, [], { name: "REQUIRED_CATEGORY_NAME", "gallery.0.image": "INVALID_PRODUCT_MODEL" });
    expect(refusalMessages(error)).toEqual({
      name: "Numele este obligatoriu",
      "gallery.0.image": "Modelul contine caractere nepermise",
    });
  });

  it("puts a conflict code on the field the form names for it", () => {
    expect(refusalMessages(new ApiError(409, ["ERROR_CATEGORY_EXIST"]), { ERROR_CATEGORY_EXIST: "name" })).toEqual({
      name: "Categorie existenta!",
    });
    expect(refusalMessages(new ApiError(409, ["ERROR_PRODUCT_EXIST"]), { ERROR_PRODUCT_EXIST: "model" })).toEqual({
      model: "Acest model a fost deja introdus o data.",
    });
  });

  it("leaves a code the form names no field for to the toast", () => {
    expect(refusalMessages(new ApiError(409, ["ERROR_CATEGORY_EXIST"]))).toEqual({});
    expect(refusalMessages(new ApiError(404, ["ERROR_GET_CATEGORY"]), { ERROR_CATEGORY_EXIST: "name" })).toEqual({});
  });
});
