import type { ImagePayload } from "../../../common/schemas/image.ts";

/**
 * Pictures travel to the API as spec §3 says: `mime_type` plus `image`, the base64 of the bytes
 * without the data-URL prefix. The browser hands us data URLs ('data:image/png;base64,iVBOR...').
 */

/** Spec §3: the text between the last colon and the last semicolon of the data URL's header. */
export function mimeTypeOfDataUrl(dataUrl: string): string {
  const header = dataUrl.slice(0, dataUrl.indexOf(","));
  const colon = header.lastIndexOf(":");
  const semicolon = header.lastIndexOf(";");
  return colon >= 0 && semicolon > colon ? header.slice(colon + 1, semicolon) : "";
}

/** The base64 payload after the comma; empty when the text is not a base64 data URL. */
export function base64OfDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(",");
  return comma >= 0 && dataUrl.slice(0, comma).endsWith(";base64") ? dataUrl.slice(comma + 1) : "";
}

/** A new picture for the API; the server writes the alt text when none is given. */
export function newImagePayload(dataUrl: string, alt?: string): ImagePayload {
  return { mime_type: mimeTypeOfDataUrl(dataUrl), image: base64OfDataUrl(dataUrl), ...(alt ? { alt } : {}) };
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("Unreadable file"));
    reader.onerror = () => reject(reader.error ?? new Error("Unreadable file"));
    reader.readAsDataURL(file);
  });
}
