import type { Page } from "@playwright/test";
import sharp from "sharp";
import { picture, type PictureFormat } from "../helpers/pictures.ts";

/** Files for the admin's upload fields, as Playwright hands them to a file chooser. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const MIME: Record<PictureFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
};

export async function pictureFile(
  name: string,
  format: PictureFormat,
  colour: string,
  width = 120,
  height = 80,
): Promise<UploadFile> {
  return { name, mimeType: MIME[format], buffer: await picture(format, width, height, colour) };
}

/** Opens the file chooser with `opener` (a button or a file input's label) and picks `files`. */
export async function chooseFiles(
  page: Page,
  opener: ReturnType<Page["getByRole"]>,
  files: UploadFile[],
): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await opener.click();
  await (await chooser).setFiles(files);
}

/** The mean colour of a stored picture, to tell uploads apart after the server re-encoded them. */
export async function meanColour(page: Page, path: string): Promise<{ r: number; g: number; b: number }> {
  const response = await page.request.get(path);
  const { channels } = await sharp(await response.body()).stats();
  const [r, g, b] = channels.map((channel) => Math.round(channel.mean)) as [number, number, number];
  return { r, g, b };
}

export function isBlueish({ r, b }: { r: number; b: number }): boolean {
  return b > r + 60;
}

export function isReddish({ r, b }: { r: number; b: number }): boolean {
  return r > b + 60;
}
