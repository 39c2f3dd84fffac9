import type { Page } from "@playwright/test";
import type { ProductView } from "../../common/catalogue/catalogue-views.ts";
import { chooseFiles, isBlueish, isReddish, meanColour, pictureFile } from "./admin-pictures.ts";
import { expectNoSeriousA11yViolations } from "./axe.ts";
import { allowConsoleProblems, expect, test } from "./fixtures.ts";

const RED = "#dc2626";
const BLUE = "#1d4ed8";

/** The value, or a failed test saying what was missing. */
function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Missing: ${what}`);
  return value;
}

/** The toast showing `text` (the one before it may still be leaving). */
const toast = (page: Page, text: string) =>
  page.getByRole("alert").filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

const fileName = (path: string) => path.split("/").pop() ?? path;

async function productByModel(page: Page, model: string): Promise<ProductView | undefined> {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  return products.find((product) => product.model === model);
}

async function openAddForm(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Utilaje", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilaje" })).toBeVisible();
  await page.getByRole("link", { name: "Adaugati" }).click();
  await expect(page).toHaveURL("/admin/main/products/add");
  await expect(page.getByRole("heading", { level: 1, name: "Adaugare utilaj" })).toBeVisible();
}

/** A rich-text editor by its label: the Romanian 'Detalii', or the English 'Detalii (engleza)'. */
const editor = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

async function typeRichText(page: Page, label: string, text: string): Promise<void> {
  await editor(page, label).click();
  await page.keyboard.type(text);
}

async function openProduct(page: Page, product: ProductView): Promise<void> {
  await page.goto(`/admin/main/products/edit/${product.uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Modificare utilaj" })).toBeVisible();
  await expect(page.getByLabel("Model")).toHaveValue(product.model);
}

async function saveProduct(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(toast(page, "Produsul a fost actualizat cu succes!")).toBeVisible();
  await expect(page).toHaveURL("/admin/main/products");
}

/** Fills every field but the pictures; returns the category chosen. */
async function fillTexts(page: Page, model: string): Promise<string> {
  const select = page.getByLabel("Categorie");
  await expect(select.locator("option").first()).toHaveText("Alegeti o categorie");
  await expect(select.locator("option").first()).toBeDisabled();
  const category = (await select.locator("option").nth(1).textContent()) ?? "";
  await select.selectOption(category);
  await page.getByLabel("Model").fill(model);
  await typeRichText(page, "Antet Oferta", "Oferta de inchiriere");
  await typeRichText(page, "Detalii", "Detalii despre utilaj");
  await editor(page, "Date tehnice").click();
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("Greutate: 20 t");
  return category;
}

/** Leaves each field empty after visiting it, so every one shows its message. */
async function showEveryError(page: Page): Promise<void> {
  // A value typed and removed touches the form: the missing header photo is reported too.
  await page.getByLabel("Model").fill("x");
  await page.getByLabel("Model").fill("");
  for (const field of [
    page.getByLabel("Categorie"),
    page.getByLabel("Model"),
    editor(page, "Antet Oferta"),
    editor(page, "Detalii"),
    editor(page, "Date tehnice"),
  ]) {
    await field.focus();
    await field.blur();
  }
  for (const message of [
    "Categoria este obligatorie",
    "Modelul este obligatoriu",
    "Poza oferta este obligatorie",
    "Antetul ofertei este obligatoriu",
    "Detaliile sunt obligatorii",
    "Datele tehnice sunt obligatorii",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
}

/** Holds the requests to `pattern` until the returned function is called, to look at the page meanwhile. */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("the product form passes axe empty and with every field's error shown, and cannot be saved so", async ({
  adminPage: page,
}) => {
  await openAddForm(page);
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, "the product form, empty");
  await showEveryError(page);
  await expect(page.getByRole("button", { name: "Salvare" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, "the product form with every error shown");
});

test("a product is added with a cropped header photo, three rich texts and a reordered gallery, and shows so publicly", async ({
  adminPage: page,
}) => {
  await openAddForm(page);
  const save = page.getByRole("button", { name: "Salvare" });
  await expect(save).toBeDisabled();
  const model = "Excavator Test 900";
  const category = await fillTexts(page, model);
  // Every field is valid, but there is no header photo yet.
  await expect(save).toBeDisabled();

  // A landscape JPEG: the crop box starts as a centred square.
  await chooseFiles(page, page.getByLabel("Poza oferta"), [
    await pictureFile("antet.jpg", "jpeg", "#f59e0b", 400, 240),
  ]);
  await expect(page.getByRole("img", { name: "Previzualizarea pozei oferta decupate" })).toHaveAttribute(
    "data-ready",
    "true",
  );

  await chooseFiles(page, page.getByRole("button", { name: "Alegeti poze" }), [
    await pictureFile("rosu.png", "png", RED),
    await pictureFile("albastru.jpg", "jpeg", BLUE),
  ]);
  await expect(page.getByText("2 poze incarcate")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the product form, filled");

  // The blue picture moves first, with the keyboard alone.
  const handle = page.getByRole("button", { name: "Mutati poza 2" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowLeft");
  // The picture has moved on screen before it is dropped.
  await expect(page.getByRole("listitem").filter({ has: handle })).toHaveAttribute("style", /translate/);
  await page.keyboard.press("Space");
  const thumbnails = page.getByRole("list", { name: "Ordinea pozelor" }).getByRole("img");
  await expect(thumbnails.first()).toHaveAttribute("src", /^data:image\/jpeg/);

  await expect(save).toBeEnabled();
  // While the server has not answered: the progress, the fields greyed.
  const release = await holdRequests(page, "**/api/product/create");
  await save.click();
  await expect(page.getByText(/^Se (incarca: \d+%|salveaza\.\.\.)$/)).toBeVisible();
  await expect(page.getByLabel("Model")).toBeDisabled();
  await expectNoSeriousA11yViolations(page, "the product form, saving");
  release();
  await expect(toast(page, "Produsul a fost creat cu succes!")).toBeVisible();
  await expect(page).toHaveURL("/admin/main/products");
  await expect(page.getByRole("row", { name: new RegExp(model) })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, "the product list after a save, with its notice");

  const product = present(await productByModel(page, model), "the new product");
  expect(product.category).toBe(category);
  expect(product.header_photo.width).toBe(product.header_photo.height);
  expect(product.header_photo.image).toMatch(/\.png$/);
  expect(product.technical_data).toContain("<strong>Greutate: 20 t</strong>");
  const [first, second] = product.gallery;
  expect(product.gallery).toHaveLength(2);
  expect(isBlueish(await meanColour(page, present(first, "gallery picture 1").image))).toBe(true);
  expect(isReddish(await meanColour(page, present(second, "gallery picture 2").image))).toBe(true);

  // The list links to the public page, whose gallery has the same order.
  const link = page.getByRole("link", { name: `Deschideti pagina publica a utilajului ${model}` });
  const href = (await link.getAttribute("href")) ?? "";
  await page.goto(href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(model);
  const publicThumbnails = page.locator("#product-gallery + ul img");
  await expect(publicThumbnails).toHaveCount(2);
  const shown = await publicThumbnails.evaluateAll((images) =>
    images.map((image) => (image as HTMLImageElement).getAttribute("src") ?? ""),
  );
  const ids = product.gallery.map((picture) => fileName(picture.image).replace(/\.\w+$/, ""));
  expect(shown.map((src) => ids.findIndex((id) => src.includes(id)))).toEqual([0, 1]);
});

test("a product is edited: another's model refused at its field, kept pictures stay, a removed one goes, the list and filters follow", async ({
  adminPage: page,
}) => {
  allowConsoleProblems(page, /status of 409/);
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = present(
    products.find((candidate) => candidate.gallery.length >= 2),
    "a demo product with two photos",
  );
  await page.getByRole("link", { name: "Utilaje", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utilaje" })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, "the product list");

  // Filter by category, then search part of the model in another case.
  await page.getByLabel("Filtrati dupa categorie").selectOption(product.category);
  const rows = page.getByRole("table").getByRole("row");
  for (const row of await rows.all()) {
    if (await row.getByRole("columnheader").count()) continue;
    await expect(row.getByRole("cell").first()).toHaveText(product.category);
  }
  await page.getByLabel("Cautare model").fill(product.model.slice(1, 5).toUpperCase());
  await expect(page.getByRole("row", { name: new RegExp(product.model) })).toBeVisible();
  await page.getByLabel("Cautare model").fill("nu exista nimic asa");
  await expect(page.getByText("Niciun utilaj nu corespunde cautarii.")).toBeVisible();
  await page.getByLabel("Cautare model").fill("");

  await page.getByRole("link", { name: `Modificati ${product.model}` }).click();
  await expect(page).toHaveURL(`/admin/main/products/edit/${product.uuid}`);
  await expect(page.getByRole("heading", { level: 1, name: "Modificare utilaj" })).toBeVisible();
  await expect(page.getByLabel("Model")).toHaveValue(product.model);
  await expect(page.getByText(`${product.gallery.length} poze incarcate`)).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, "the product form, editing");
  // Another product's model: the server's ERROR_PRODUCT_EXIST, also next to the field, and nothing is saved.
  const other = present(
    products.find((candidate) => candidate.uuid !== product.uuid),
    "another demo product",
  );
  await page.getByLabel("Model").fill(other.model);
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(toast(page, "Acest model a fost deja introdus o data.")).toBeVisible();
  await expect(page.getByLabel("Model")).toHaveAccessibleDescription("Acest model a fost deja introdus o data.");
  await expect(page).toHaveURL(`/admin/main/products/edit/${product.uuid}`);
  await expectNoSeriousA11yViolations(page, "the product form after a refused save");
  const renamed = `${product.model} Plus`;
  await page.getByLabel("Model").fill(renamed);
  await page.getByRole("button", { name: "Stergeti poza 1" }).click();
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(toast(page, "Produsul a fost actualizat cu succes!")).toBeVisible();
  await expect(page).toHaveURL("/admin/main/products");

  const after = await productByModel(page, renamed);
  expect(after?.uuid).toBe(product.uuid);
  expect(fileName(present(after, "the renamed product").header_photo.image)).toBe(fileName(product.header_photo.image));
  expect(after?.gallery.map((picture) => fileName(picture.image))).toEqual(
    product.gallery.slice(1).map((picture) => fileName(picture.image)),
  );
});

test("a product's English is written beside its Romanian (the table copied, one word translated), saved, and seen again on reopening", async ({
  adminPage: page,
}) => {
  allowConsoleProblems(page, /status of 400/);
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = present(
    products.find((candidate) => candidate.header_offer_en === ""),
    "a demo product without English",
  );

  // The list: the product is 'Netradus', found by that state with its category and part of its model.
  await page.getByRole("link", { name: "Utilaje", exact: true }).click();
  const row = page.getByRole("row", { name: new RegExp(product.model) });
  await expect(row.getByText("Netradus")).toBeVisible();
  await page.getByLabel("Filtrati dupa traducere").selectOption("Netradus");
  await expect(page.getByRole("row").filter({ hasText: "Tradus" }).filter({ hasNotText: "Netradus" })).toHaveCount(0);
  await page.getByLabel("Filtrati dupa categorie").selectOption(product.category);
  await page.getByLabel("Cautare model").fill(product.model.slice(0, 4).toLowerCase());
  await expect(row).toBeVisible();
  await page.getByLabel("Filtrati dupa traducere").selectOption("Tradus");
  await expect(row).toBeHidden();

  await openProduct(page, product);
  await expect(editor(page, "Antet Oferta (engleza)")).toHaveText("");
  // Side by side: the Romanian stays in view, at the English's left, while it is written.
  const romanianBox = present((await editor(page, "Date tehnice").boundingBox()) ?? undefined, "the Romanian editor");
  const englishBox = present(
    (await editor(page, "Date tehnice (engleza)").boundingBox()) ?? undefined,
    "the English editor",
  );
  expect(englishBox.x).toBeGreaterThanOrEqual(romanianBox.x + romanianBox.width);
  expect(Math.abs(englishBox.y - romanianBox.y)).toBeLessThan(2);

  // Two texts of three in English: 'Partial'.
  await typeRichText(page, "Antet Oferta (engleza)", "Tandem roller for rent");
  await typeRichText(page, "Detalii (engleza)", "A light roller for paths and car parks.");
  await saveProduct(page);
  await page.getByLabel("Filtrati dupa traducere").selectOption("Partial");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(row.getByText("Partial", { exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page, "the product list filtered by translation state");

  await openProduct(page, product);
  // The table's words only change: it is copied from the Romanian, then one word is translated.
  await page.getByRole("button", { name: "Copiati din romana: Date tehnice (engleza)" }).click();
  const englishTable = editor(page, "Date tehnice (engleza)");
  await expect(englishTable.getByRole("table")).toBeVisible();
  await englishTable.getByText("Caracteristică", { exact: true }).dblclick();
  await page.keyboard.type("Specification");
  await expect(englishTable.getByRole("columnheader", { name: "Specification" })).toBeVisible();
  // Copying over English already written asks first; 'Nu' keeps it.
  await page.getByRole("button", { name: "Copiati din romana: Date tehnice (engleza)" }).click();
  const overwrite = page.getByRole("dialog", { name: "Inlocuiti textul in engleza?" });
  await expect(overwrite).toContainText("Date tehnice (engleza) are deja un text.");
  await expectNoSeriousA11yViolations(page, "the product form, written in both languages, asking before a copy");
  await overwrite.getByRole("button", { name: "Nu" }).click();
  await expect(englishTable.getByRole("columnheader", { name: "Specification" })).toBeVisible();

  // A refusal of an English field is shown at that field, not at its Romanian twin.
  await page.route("**/api/product/update", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ errors: [{ msg: "INVALID_PRODUCT_DETAILS_EN", path: "details_en" }] }),
    }),
  );
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(toast(page, "Detaliile in engleza nu sunt valide")).toBeVisible();
  await expect(editor(page, "Detalii (engleza)")).toHaveAccessibleDescription("Detaliile in engleza nu sunt valide");
  await expect(editor(page, "Detalii")).not.toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousA11yViolations(page, "the product form with an English field refused");
  await page.unroute("**/api/product/update");

  await saveProduct(page);
  await expect(
    page.getByRole("row", { name: new RegExp(product.model) }).getByText("Tradus", { exact: true }),
  ).toBeVisible();
  const translated = present(await productByModel(page, product.model), "the translated product");
  expect(translated.header_offer_en).toContain("Tandem roller for rent");
  expect(translated.details_en).toContain("A light roller for paths and car parks.");
  expect(translated.technical_data_en).toMatch(/<table[\s>]/);
  expect(translated.technical_data_en).toContain("Specification");
  expect(translated.technical_data_en).not.toContain("Caracteristică");
  expect(translated.technical_data).toContain("Caracteristică");
  expect(translated.technical_data).not.toContain("Specification");

  // Reopened: both languages, side by side.
  await openProduct(page, product);
  await expect(editor(page, "Antet Oferta")).toContainText("Închiriere");
  await expect(editor(page, "Antet Oferta (engleza)")).toHaveText("Tandem roller for rent");
  await expect(
    editor(page, "Date tehnice (engleza)").getByRole("columnheader", { name: "Specification" }),
  ).toBeVisible();
  await expect(editor(page, "Date tehnice").getByRole("columnheader", { name: "Caracteristică" })).toBeVisible();
});

test("saving a product's Romanian keeps its English and the reverse; on a phone the English goes under the Romanian", async ({
  adminPage: page,
}) => {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = present(
    products.find((candidate) => candidate.header_offer_en !== ""),
    "a demo product with English",
  );
  // Saved once as the form sends it (the server's sanitiser may rewrite the demo HTML), to compare later saves with.
  await openProduct(page, product);
  await saveProduct(page);
  const before = present(await productByModel(page, product.model), "the product saved from the form");

  await openProduct(page, product);
  await typeRichText(page, "Detalii", " Revizie noua.");
  await saveProduct(page);
  const afterRomanian = present(await productByModel(page, product.model), "the product after a Romanian edit");
  expect(afterRomanian.details).toContain("Revizie noua.");
  expect(afterRomanian.details_en).toBe(before.details_en);
  expect(afterRomanian.header_offer_en).toBe(before.header_offer_en);
  expect(afterRomanian.technical_data_en).toBe(before.technical_data_en);

  await openProduct(page, product);
  await typeRichText(page, "Antet Oferta (engleza)", " Delivered.");
  await saveProduct(page);
  const afterEnglish = present(await productByModel(page, product.model), "the product after an English edit");
  expect(afterEnglish.header_offer_en).toContain("Delivered.");
  expect(afterEnglish.header_offer).toBe(afterRomanian.header_offer);
  expect(afterEnglish.details).toBe(afterRomanian.details);
  expect(afterEnglish.technical_data).toBe(afterRomanian.technical_data);

  // On a phone the English goes under the Romanian.
  await page.setViewportSize({ width: 390, height: 844 });
  await openProduct(page, product);
  const narrowRomanian = present((await editor(page, "Detalii").boundingBox()) ?? undefined, "the Romanian editor");
  const narrowEnglish = present(
    (await editor(page, "Detalii (engleza)").boundingBox()) ?? undefined,
    "the English editor",
  );
  expect(narrowEnglish.y).toBeGreaterThan(narrowRomanian.y + narrowRomanian.height);
  await expectNoSeriousA11yViolations(page, "the product form on a phone");
});

test("a product is deleted after a confirmation", async ({ adminPage: page }) => {
  const products = (await (await page.request.get("/api/product")).json()) as ProductView[];
  const product = present(products[0], "a demo product");
  await page.getByRole("link", { name: "Utilaje", exact: true }).click();
  await page.getByRole("button", { name: `Stergeti ${product.model}` }).click();
  const dialog = page.getByRole("dialog", { name: "Stergere utilaj" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, "the product delete confirmation");
  await dialog.getByRole("button", { name: "Nu" }).click();
  await expect(page.getByRole("row", { name: new RegExp(product.model) })).toBeVisible();

  await page.getByRole("button", { name: `Stergeti ${product.model}` }).click();
  await page.getByRole("dialog", { name: "Stergere utilaj" }).getByRole("button", { name: "Da" }).click();
  await expect(toast(page, "Produsul a fost sters cu succes!")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(product.model) })).toHaveCount(0);
  expect(await productByModel(page, product.model)).toBeUndefined();
});

test("wrong files are refused before anything is sent, each with its message", async ({ adminPage: page }) => {
  // Handing this many files to the page, Playwright's file chooser connects to a blob: URL, which
  // the site's CSP (connect-src 'self') refuses; the page's own code fetches no blob.
  allowConsoleProblems(page, /Connecting to 'blob:/);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET") sent.push(request.url());
  });
  await openAddForm(page);
  const choose = page.getByRole("button", { name: "Alegeti poze" });

  await chooseFiles(page, choose, [
    { name: "oferta.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") },
  ]);
  await expect(
    toast(page, "Imaginea oferta.pdf nu indeplineste conditia: Tipul fisierului nu este acceptat."),
  ).toBeVisible();

  const tooLarge = { name: "mare.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) };
  await chooseFiles(page, choose, [tooLarge]);
  await expect(
    toast(page, "Imaginea mare.png nu indeplineste conditia: Dimensiune maxima acceptata este de 5MB."),
  ).toBeVisible();

  const six = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pictureFile(`p${n}.png`, "png", `#00${n}0${n}0`)));
  await chooseFiles(page, choose, six);
  await expect(toast(page, "Aveți voie să încărcați maxim 5 fișiere")).toBeVisible();
  await expect(page.getByText("0 poze incarcate")).toBeVisible();

  await chooseFiles(page, choose, [
    { name: "stricat.png", mimeType: "image/png", buffer: Buffer.from("nu este o poza") },
  ]);
  await expect(
    toast(page, "Imaginea stricat.png nu indeplineste conditia: Fisierul nu este o imagine valida."),
  ).toBeVisible();

  // The header photo: a damaged file ends in a message, not a blank cropper.
  await chooseFiles(page, page.getByLabel("Poza oferta"), [
    { name: "stricat.jpg", mimeType: "image/jpeg", buffer: Buffer.from("nu este o poza") },
  ]);
  await expect(toast(page, "Imaginea nu a putut fi citita. Alegeti un alt fisier.")).toBeVisible();
  await chooseFiles(page, page.getByLabel("Poza oferta"), [
    { name: "mare.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
  ]);
  await expect(toast(page, "Dimensiune maxima acceptata este de 5MB.")).toBeVisible();

  await expect(page.getByRole("button", { name: "Salvare" })).toBeDisabled();
  expect(sent).toEqual([]);
});

test("pasted scripts and styles, a long model, a double click and a dropped connection save nothing wrong, once", async ({
  adminPage: page,
}) => {
  allowConsoleProblems(page, /ERR_CONNECTION_RESET|Failed to load resource/);
  // The pasted handlers are refused by the admin's CSP, which says so on the console; the test
  // checks below that nothing ran and nothing was stored.
  allowConsoleProblems(page, /Executing inline event handler violates the following Content Security Policy/);
  await openAddForm(page);
  const model = "Buldozer Test 77";
  await fillTexts(page, model);

  // A model longer than the rule allows cannot be typed in.
  const long = "M".repeat(150);
  await page.getByLabel("Model").fill(long);
  await expect(page.getByLabel("Model")).toHaveValue("M".repeat(100));
  await page.getByLabel("Model").fill(model);

  // Pasted HTML full of scripts, handlers and styles.
  await editor(page, "Detalii").click();
  await editor(page, "Detalii").evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      '<p style="color:red;position:fixed" onclick="alert(1)">Lipit <b>ingrosat</b><script>window.pwned=1</script></p><style>body{display:none}</style><img src=x onerror="window.pwned=2">',
    );
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(editor(page, "Detalii")).toContainText("Lipit ingrosat");

  await chooseFiles(page, page.getByLabel("Poza oferta"), [await pictureFile("antet.png", "png", "#16a34a", 300, 300)]);
  await expect(page.getByRole("img", { name: "Previzualizarea pozei oferta decupate" })).toHaveAttribute(
    "data-ready",
    "true",
  );

  // The connection drops while saving: the connectivity toast, the form as it was, nothing stored.
  let creates = 0;
  await page.route("**/api/product/create", (route) => {
    creates += 1;
    return route.abort("connectionreset");
  });
  await page.getByRole("button", { name: "Salvare" }).click();
  await expect(toast(page, "Serverul nu poate fi contactat. Verificati conexiunea la internet.")).toBeVisible();
  await expect(page).toHaveURL("/admin/main/products/add");
  await expect(page.getByLabel("Model")).toHaveValue(model);
  expect(await productByModel(page, model)).toBeUndefined();
  expect(creates).toBe(1);
  await page.unroute("**/api/product/create");

  // A double click sends one request.
  let sends = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/product/create")) sends += 1;
  });
  await page.getByRole("button", { name: "Salvare" }).dblclick();
  await expect(toast(page, "Produsul a fost creat cu succes!")).toBeVisible();
  await expect(page).toHaveURL("/admin/main/products");
  expect(sends).toBe(1);

  const product = await productByModel(page, model);
  expect(product?.details).toContain("Lipit <strong>ingrosat</strong>");
  expect(product?.details).not.toMatch(/script|style|onclick|onerror|pwned/);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
});
