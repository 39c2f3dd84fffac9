import type { DemoCategory, DemoProduct } from "./demo-data.ts";

/**
 * The three rich-text fields of a demo product, as the small, safe subset of HTML the admin editor
 * produces (paragraphs, lists, bold, a table). Every text from the data is escaped.
 */

export interface ProductHtml {
  header_offer: string;
  details: string;
  technical_data: string;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function list(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;
}

const rateFormat = new Intl.NumberFormat("ro-RO");

export function productHtml(product: DemoProduct, category: DemoCategory): ProductHtml {
  const header_offer = [
    `<p><strong>Închiriere ${escapeHtml(category.singular)} ${escapeHtml(product.model)}</strong></p>`,
    `<p>${escapeHtml(product.offer)}</p>`,
    list([
      `Tarif de la <strong>${rateFormat.format(product.rate)} lei/zi</strong> + TVA`,
      escapeHtml(category.crew),
      "Transport la șantier cu trailerul propriu",
    ]),
  ].join("");
  const details = [
    ...product.description.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><strong>Dotări:</strong></p>`,
    list(product.features.map(escapeHtml)),
  ].join("");
  const rows = product.specs
    .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("");
  const technical_data = `<table><thead><tr><th scope="col">Caracteristică</th><th scope="col">Valoare</th></tr></thead><tbody>${rows}</tbody></table>`;
  return { header_offer, details, technical_data };
}
